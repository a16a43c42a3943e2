import { useEffect } from 'react';
import { useLocation, useNavigate } from '../lib/router/router.tsx';
import { useToast } from '../components/toast.tsx';

/**
 * Shows, once, a success text that came along with the navigation into the
 * app (the sign-up notice), then drops it from history so a reload or Back
 * does not show it again.
 */
export function ArrivalNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const showToast = useToast();
  const notice = (location.state as { notice?: unknown } | null)?.notice;

  useEffect(() => {
    if (typeof notice !== 'string') return;
    showToast('success', notice);
    navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: null,
    });
  }, [notice, showToast, navigate, location.pathname, location.search, location.hash]);

  return null;
}
