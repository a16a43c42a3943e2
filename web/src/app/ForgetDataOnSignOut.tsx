import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuth } from '../features/auth/hooks/auth-context.tsx';

/**
 * On a shared device the next person must not find the last one's journal in
 * memory: when the signed-in user goes away or changes, the cache is emptied.
 */
export function ForgetDataOnSignOut() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const previousUserId = useRef<string | undefined>(undefined);

  useEffect(() => {
    const userId = user?.id;
    if (previousUserId.current && previousUserId.current !== userId) queryClient.clear();
    previousUserId.current = userId;
  }, [user?.id, queryClient]);

  return null;
}
