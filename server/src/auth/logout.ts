import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticateAuthRequest } from './sessions/authenticate.ts';
import { badRequest } from './request/errors.ts';
import { queryValue } from './request/params.ts';

// POST /logout?scope=global|local|others, after GoTrue's internal/api/logout.go.
// Ending a session deletes it; its refresh tokens go with it (ON DELETE
// CASCADE) and its access tokens stop working at once (session_not_found).

export async function logout(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const { user, sessionId } = await authenticateAuthRequest(ctx, request);
  const scope = queryValue(request.query, 'scope');
  if (scope !== '' && scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw badRequest('validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`);
  }
  // A token without a session_id can only mean "everywhere", as in GoTrue.
  if (sessionId === undefined || scope === '' || scope === 'global') {
    await ctx.db.query(`DELETE FROM auth.sessions WHERE user_id = $1`, [user.id]);
  } else if (scope === 'local') {
    await ctx.db.query(`DELETE FROM auth.sessions WHERE id = $1`, [sessionId]);
  } else {
    await ctx.db.query(`DELETE FROM auth.sessions WHERE user_id = $1 AND id <> $2`, [
      user.id,
      sessionId,
    ]);
  }
}
