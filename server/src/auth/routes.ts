import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { authorize } from './authorize.ts';
import { callback } from './callback.ts';
import { toAuthApiError } from './request/framework-errors.ts';
import { AuthApiError, sendError } from './request/errors.ts';
import { answerNoSoonerThan } from './request/even-answer-time.ts';
import { logout } from './logout.ts';
import { recover } from './recover.ts';
import { resend } from './resend.ts';
import { settings } from './settings.ts';
import { signup } from './signup.ts';
import { token } from './token.ts';
import { getUser, updateUser } from './user.ts';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './factors.ts';
import {
  generateRecoveryCodes,
  recoveryCodesStatus,
  regenerateRecoveryCodes,
  verifyRecoveryCode,
} from './recovery-codes.ts';
import { showLinkPage, useVerifyLink } from './verify.ts';

/**
 * The GoTrue-compatible subset under /auth/v1. `requireApiKey` guards every
 * route except the browser redirects (/authorize, /callback, /verify), which
 * hosted Supabase leaves open too. Everything here is encapsulated in this
 * plugin: its body parsing and error handling do not touch /rest/v1.
 */
export async function authRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  requireApiKey: onRequestHookHandler,
): Promise<void> {
  // GoTrue reads every body as JSON whatever its Content-Type, so we take
  // the raw text of any type and let each handler decode it (request/params.ts) into
  // GoTrue's errors. The app-wide body limit still applies.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  // One exit for every failure, Fastify's own included (body too large,
  // unreadable body), so that no bad request becomes a 500 or leaves in
  // another format.
  app.setErrorHandler((err, request, reply) =>
    sendError(reply, toAuthApiError(err, request.log, request.routeOptions.bodyLimit)),
  );
  app.setNotFoundHandler((_request, reply) =>
    sendError(reply, new AuthApiError(404, 'not_found', 'Not found')),
  );

  // Browser navigations (/authorize, /callback, /verify and its form) cannot send an
  // apikey header; they live in this scope, without the guard.
  await app.register(async (browser) => {
    browser.get('/authorize', (request, reply) => authorize(ctx, request, reply));
    browser.get('/callback', (request, reply) => callback(ctx, request, reply));
    // An e-mail link opens a page (GET) whose button uses the link (POST).
    browser.get('/verify', (request, reply) => showLinkPage(ctx, request, reply));
    browser.post('/verify', (request, reply) => useVerifyLink(ctx, request, reply));
  });

  // The calls that must not tell strangers who has an account (ADR 026).
  const evenly = <T>(work: () => Promise<T>): Promise<T> =>
    ctx.mail ? answerNoSoonerThan(ctx.mail.config.answerMinMs, work) : work();

  await app.register(async (api) => {
    api.addHook('onRequest', requireApiKey);

    api.post('/signup', (request) => evenly(() => signup(ctx, request)));
    api.post('/token', (request) => token(ctx, request));
    api.post('/logout', async (request, reply) => {
      await logout(ctx, request);
      return reply.code(204).send();
    });
    api.get('/user', (request) => getUser(ctx, request));
    api.put('/user', (request) => updateUser(ctx, request));
    api.get('/settings', async () => settings(ctx));
    api.post('/resend', (request) => evenly(() => resend(ctx, request)));
    api.post('/recover', (request) => evenly(() => recover(ctx, request)));

    // Two-step sign-in (supabase-js auth.mfa).
    api.post('/factors', (request) => enrollFactor(ctx, request));
    api.post('/factors/:factorId/challenge', (request) => challengeFactor(ctx, request));
    api.post('/factors/:factorId/verify', (request) => verifyFactor(ctx, request));
    api.delete('/factors/:factorId', (request) => unenrollFactor(ctx, request));
    api.get('/factors/recovery-codes', (request) => recoveryCodesStatus(ctx, request));
    api.post('/factors/recovery-codes', (request) => generateRecoveryCodes(ctx, request));
    api.post('/factors/recovery-codes/verify', (request) => verifyRecoveryCode(ctx, request));
    api.post('/factors/recovery-codes/regenerate', (request) =>
      regenerateRecoveryCodes(ctx, request),
    );
  });
}
