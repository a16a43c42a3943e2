import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { JwtError } from '../jwt.ts';

// Hosted Supabase's gateway refuses API calls that carry no valid project key
// before they reach auth or data; we answer the same way, in its words.
export function apiKeyGuard(ctx: AppContext) {
  return async function requireApiKey(request: FastifyRequest, reply: FastifyReply) {
    const fromHeader = request.headers['apikey'];
    const fromQuery = (request.query as Record<string, unknown> | undefined)?.['apikey'];
    const key = typeof fromHeader === 'string' ? fromHeader : fromQuery;
    if (typeof key !== 'string' || key === '') {
      return reply.code(401).send({
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    }
    if (key === ctx.anonKey) return;
    try {
      const claims = await ctx.jwt.verify(key);
      if (claims['role'] === 'anon' || claims['role'] === 'service_role') return;
    } catch (err) {
      if (!(err instanceof JwtError)) throw err;
    }
    return reply.code(401).send({
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    });
  };
}
