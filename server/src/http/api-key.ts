import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { JwtError } from '../jwt.ts';

/** The project key, from the `apikey` header or, as the gateway also allows, the query. */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['apikey'];
  if (typeof header === 'string') return header;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.['apikey'];
  return typeof fromQuery === 'string' ? fromQuery : undefined;
}

// Hosted Supabase's gateway refuses API calls that carry no valid project key
// before they reach auth or data; we answer the same way, in its words.
export function apiKeyGuard(ctx: AppContext) {
  return async function requireApiKey(request: FastifyRequest, reply: FastifyReply) {
    const key = apiKeyOf(request);
    if (key === undefined || key === '') {
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
