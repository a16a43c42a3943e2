import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/** The SPA reads this at start, so one build serves every deployment. */
export function registerRuntimeConfigRoute(
  app: FastifyInstance,
  ctx: AppContext,
  /** Which reminder switches the Reminders screen offers (the reminders owner says). */
  reminders: { email: boolean },
) {
  app.get('/config.json', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return {
      supabaseUrl: publicOrigin(ctx, request.protocol, request.host),
      supabaseAnonKey: ctx.anonKey,
      googleEnabled: ctx.config.google.clientId !== '',
      // Without mail no reset link can reach anyone: the app hides 'Forgot password?'.
      passwordRecovery: ctx.mail !== undefined,
      supportEmail: ctx.config.supportEmail,
      // Which reminder switches the Reminders screen offers; absent on hosted Supabase.
      reminders,
      // Web Push (ADR 043): the key browsers subscribe with; null hides the switch.
      webPush: ctx.push ? { vapidPublicKey: ctx.push.vapid.publicKey } : null,
    };
  });
}

/** SITE_URL when set; otherwise the origin the browser used to reach us. */
export function publicOrigin(ctx: AppContext, protocol: string, host: string): string {
  return ctx.config.siteUrl ?? `${protocol}://${host}`;
}
