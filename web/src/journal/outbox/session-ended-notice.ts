import { useEffect, useRef } from 'react';
import { useAuthClient } from '../../session/clients-context.tsx';
import { useNavigate } from '../../lib/router/router.tsx';
import { isLoggingOut } from '../../session/sign-out.ts';

/** docs/product.md: shown on the login screen when the session ended with entries still waiting. */
export const sessionEndedNotice = (waiting: number) =>
  `Your session has ended. Sign in again to send the ${
    waiting === 1 ? 'entry' : `${waiting} entries`
  } waiting on this device.`;

/**
 * When the session ends by itself (its refresh token was revoked or expired)
 * while entries wait, the login screen says so: they stay on the device,
 * kept for this account, and are sent once the person signs in again.
 */
export function useSessionEndedNotice(waiting: number): void {
  const auth = useAuthClient();
  const navigate = useNavigate();
  const count = useRef(waiting);
  useEffect(() => {
    count.current = waiting;
  });
  useEffect(() => {
    const { data } = auth.onAuthStateChange((event) => {
      if (event !== 'SIGNED_OUT' || isLoggingOut() || count.current === 0) return;
      navigate('/login', {
        replace: true,
        state: {
          from: { pathname: '/', search: '', hash: '', state: null },
          notice: sessionEndedNotice(count.current),
        },
      });
    });
    return () => data.subscription.unsubscribe();
  }, [auth, navigate]);
}
