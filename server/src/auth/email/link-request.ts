import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { readParams, type Params, type Shape } from '../request/params.ts';
import { enforceRateLimit } from '../request/rate-limit.ts';

/**
 * The start of a request that asks for a link by e-mail (POST /recover, POST
 * /resend): counted against the one per-IP limit they share
 * (RATE_LIMIT_EMAIL_LINK_REQUESTS_PER_5MIN), before its body is read.
 */
export async function readLinkRequest<const S extends Shape>(
  ctx: AppContext,
  request: FastifyRequest,
  action: 'recover' | 'resend',
  fields: S,
): Promise<Params<S>> {
  const limit = ctx.config.rateLimits.emailLinkRequestsPer5Min;
  await enforceRateLimit(ctx.db, action, request.ip, limit);
  return readParams(request.body, fields);
}
