import type { Queryable } from '../../db/database.ts';

// Ending sessions, the one way every caller does it: /logout, a new password
// (PUT /user or npm run reset-password), a refresh token replayed after its
// rotation, a second factor proven. A session's row is deleted; its refresh
// tokens go with it (ON DELETE CASCADE) and its access tokens stop working at
// once, because each request looks its session up (sessions/authenticate.ts).
// The choices are GoTrue's Logout, LogoutSession, LogoutAllExceptMe and
// InvalidateSessionsWithAALLessThan (models/sessions.go). It lives in
// accounts/, not sessions/, because a password change must end them and
// accounts/ cannot look upward.

/** Which of an account's sessions end. */
export type SessionsToEnd =
  | 'all'
  /** One session only (logout scope=local, a replayed refresh token). */
  | { only: string }
  /**
   * All but the one that asked, if any (logout scope=others, a new
   * password); with `belowSecondFactor`, only those that never proved a
   * second factor (aal1), once this one has.
   */
  | { except: string | undefined; belowSecondFactor?: true };

export async function endSessions(
  db: Queryable,
  userId: string,
  which: SessionsToEnd,
): Promise<void> {
  if (which === 'all') {
    await db.query(`DELETE FROM auth.sessions WHERE user_id = $1`, [userId]);
  } else if ('only' in which) {
    await db.query(`DELETE FROM auth.sessions WHERE user_id = $1 AND id = $2`, [
      userId,
      which.only,
    ]);
  } else {
    const aal = which.belowSecondFactor ? ` AND aal <> 'aal2'` : '';
    await db.query(
      `DELETE FROM auth.sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2::uuid${aal}`,
      [userId, which.except ?? null],
    );
  }
}
