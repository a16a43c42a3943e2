import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useAuthClient, useDataClient } from '../../session/clients-context.tsx';
import { isNoAnswer } from '../../lib/error-message.ts';
import { serverNow } from '../../session/clock-offset.ts';
import {
  drainOutbox,
  type DrainPorts,
  type DrainResult,
  type SessionCheck,
} from './drain-outbox.ts';
import { OutboxContext, type Outbox, type SaveOutcome } from './outbox-context.tsx';
import { outboxStore, type OutboxRecord } from './outbox-store.ts';
import { onWorkerDrainRequest, requestBackgroundSync } from './outbox-sync-messages.ts';
import { sendEntry } from './send-entry.ts';
import { useSessionEndedNotice } from './session-ended-notice.ts';
import { within } from '../../lib/within.ts';
import { ACTIVITIES_QUERY_KEY } from '../query-keys.ts';

interface Props {
  userId: string;
  children: ReactNode;
}

/** How long Save waits for the server before it says the entry is kept on the device. */
const SEND_WAIT_MS = 4000;

/**
 * The account's outbox (docs/decisions/041): every save goes to IndexedDB
 * first, then to the server. It drains at start, when the network returns,
 * when the app is shown again, after each save, when the service worker
 * asks (Background Sync), and when a back-off ends. Each entry goes
 * through send-entry.ts with the signed-in app's data client; once some
 * have reached the server, everything built on the entries (Look Back, the
 * suggestions, the insights) is refreshed.
 */
export function OutboxProvider({ userId, children }: Props) {
  const auth = useAuthClient();
  const dataClient = useDataClient();
  const queryClient = useQueryClient();
  const store = useMemo(() => outboxStore(userId), [userId]);
  const [records, setRecords] = useState<OutboxRecord[]>([]);

  const channel = useMemo(
    () =>
      typeof BroadcastChannel === 'undefined'
        ? null
        : new BroadcastChannel(`energy-tracker-outbox-${userId}`),
    [userId],
  );
  const reload = useCallback(async () => setRecords(await store.all()), [store]);
  /** Re-reads the records here and in the account's other tabs. */
  const changed = useCallback(async () => {
    channel?.postMessage('changed');
    await reload();
  }, [channel, reload]);

  const drain = useCallback(
    async (force = false): Promise<DrainResult> => {
      // Known offline: nothing would get through; `online` starts the next drain.
      // What waits is still read, to be shown (an app started offline).
      if (navigator.onLine === false) {
        await reload();
        return { sent: [], stopped: 'offline' };
      }
      const ports: DrainPorts = {
        userId,
        store,
        session: async (): Promise<SessionCheck> => {
          // supabase-js refreshes an expired access token here.
          const { data, error } = await auth.getSession();
          if (data.session) return data.session.user.id === userId ? 'ready' : 'signed-out';
          return isNoAnswer(error) ? 'offline' : 'signed-out';
        },
        send: (entry) => sendEntry(dataClient, queryClient, userId, entry),
      };
      const result = await drainOutbox(ports, force);
      if (result.sent.length > 0) {
        void queryClient.invalidateQueries({ queryKey: ACTIVITIES_QUERY_KEY });
      }
      await changed();
      if (result.stopped === 'offline') void requestBackgroundSync().catch(() => {});
      return result;
    },
    [auth, dataClient, queryClient, userId, store, changed, reload],
  );

  // Drain triggers: start, network back, shown again, the worker's sync.
  useEffect(() => {
    const run = (force: boolean) =>
      void drain(force).catch((error: unknown) =>
        console.warn('The outbox could not be sent', error),
      );
    run(true);
    const online = () => run(true);
    const visible = () => {
      if (document.visibilityState === 'visible') run(false);
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    const stopWorker = onWorkerDrainRequest(() => run(true));
    // A session that expired offline is refreshed by supabase-js once it can
    // reach the server (docs/decisions/045): what waited for it can go. Out
    // of the callback, which must not call supabase-js back.
    const { data: authEvents } = auth.onAuthStateChange((event) => {
      if (event === 'TOKEN_REFRESHED') setTimeout(() => run(true), 0);
    });
    const other = () => void reload();
    channel?.addEventListener('message', other);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
      stopWorker();
      authEvents.subscription.unsubscribe();
      channel?.removeEventListener('message', other);
    };
  }, [auth, drain, reload, channel]);
  useEffect(() => () => channel?.close(), [channel]);

  // A back-off that ends while the app stays open and online.
  const nextRetry = Math.min(
    ...records.filter((record) => record.refusal === undefined).map((record) => record.retryAt),
  );
  useEffect(() => {
    if (!Number.isFinite(nextRetry)) return;
    const timer = setTimeout(
      () => void drain(false).catch(() => {}),
      Math.max(0, nextRetry - Date.now()) + 50,
    );
    return () => clearTimeout(timer);
  }, [nextRetry, drain]);

  useSessionEndedNotice(records.length);

  const outbox = useMemo<Outbox>(
    () => ({
      records,
      async save(entry): Promise<SaveOutcome> {
        // The moment it was logged, on the server's clock (docs/decisions/041).
        const stamped = { ...entry, createdAt: entry.createdAt ?? serverNow().toISOString() };
        const key = entry.entryKey;
        await store.put({
          entryKey: key,
          entry: stamped,
          savedAt: Date.now(),
          attempts: 0,
          retryAt: 0,
        });
        await changed();
        if (navigator.onLine === false) {
          void requestBackgroundSync().catch(() => {});
          return { status: 'waiting' };
        }
        // A network that connects but never answers would hold Save until the
        // browser gives up: after a few seconds the entry is reported kept on
        // the device, and the send goes on (docs/decisions/050).
        const result = await within(drain(true), SEND_WAIT_MS, 'long' as const);
        if (result === 'long') return { status: 'waiting' };
        if (result.sent.includes(key)) return { status: 'sent' };
        const kept = await store.get(key);
        if (kept?.refusal !== undefined) {
          // Refused at once: the form still holds it, as before the outbox.
          await store.remove(key);
          await changed();
          return { status: 'refused', reason: kept.refusal };
        }
        return kept ? { status: 'waiting' } : { status: 'sent' };
      },
      async retime(entryKey, createdAt) {
        const record = await store.get(entryKey);
        if (!record) return;
        await store.put({
          ...record,
          entry: { ...record.entry, createdAt },
          refusal: undefined,
          attempts: 0,
          retryAt: 0,
        });
        await changed();
        await drain(true);
      },
      async discard(entryKey) {
        await store.remove(entryKey);
        await changed();
      },
    }),
    [records, store, changed, drain],
  );

  return <OutboxContext.Provider value={outbox}>{children}</OutboxContext.Provider>;
}
