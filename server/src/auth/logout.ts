import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticateAuthRequest } from './sessions/authenticate.ts';
import { badRequest } from './request/errors.ts';
import { queryValue } from './request/params.ts';
import { endSessions } from './accounts/end-sessions.ts';

// POST /logout?scope=global|local|others, after GoTrue's internal/api/logout.go.
// How a session ends, and what goes with it: accounts/end-sessions.ts.

export async function logout(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const { user, sessionId } = await authenticateAuthRequest(ctx, request);
  const scope = queryValue(request.query, 'scope');
  if (scope !== '' && scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw badRequest('validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`);
  }
  // A token without a session_id can only mean "everywhere", as in GoTrue.
  if (sessionId === undefined || scope === '' || scope === 'global') {
    await endSessions(ctx.db, user.id, 'all');
  } else if (scope === 'local') {
    await endSessions(ctx.db, user.id, { only: sessionId });
  } else {
    await endSessions(ctx.db, user.id, { except: sessionId });
  }
}
