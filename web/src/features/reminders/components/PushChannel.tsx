import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Toggle } from '../../../components/Toggle.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useDataClient, useRuntimeConfig } from '../../../session/clients-context.tsx';
import { useSignedInUser } from '../../../session/signed-in-session.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import {
  listPushDevices,
  removePushDevice,
  savePushSubscription,
  type PushDevice,
} from '../api/push-subscriptions.ts';
import { currentSubscription, pushSupported } from '../../../session/this-device-push.ts';
import {
  deviceLabel,
  PushUnavailable,
  subscribeThisBrowser,
  unsupportedMessage,
} from '../browser-push.ts';

const PUSH_DEVICES_QUERY_KEY = ['push-devices'];

/**
 * "Notifications on this device": reminders by Web Push (ADR 043). Turning
 * the switch on asks for permission then, from the tap (iOS allows nothing
 * else), subscribes this browser and keeps the subscription; the person's
 * devices are listed with "Remove". Self-contained, so that it can sit in
 * the Reminders section beside the e-mail switch.
 */
export function PushChannel() {
  const { webPush } = useRuntimeConfig();
  if (!webPush) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Notifications need the Energy Tracker server, which this site does not use.
      </p>
    );
  }
  return <PushChannelSwitch vapidPublicKey={webPush.vapidPublicKey} />;
}

function PushChannelSwitch({ vapidPublicKey }: { vapidPublicKey: string }) {
  const db = useDataClient();
  const user = useSignedInUser();
  const showToast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const state = useQuery({
    queryKey: PUSH_DEVICES_QUERY_KEY,
    queryFn: async () => {
      const [list, subscription] = await Promise.all([
        listPushDevices(db),
        currentSubscription().catch(() => null),
      ]);
      return { devices: list, thisEndpoint: subscription?.endpoint ?? null };
    },
  });
  const devices = state.data?.devices;
  const thisEndpoint = state.data?.thisEndpoint ?? null;
  const reload = () => queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_QUERY_KEY });

  const thisDevice = devices?.find((d) => d.endpoint === thisEndpoint);

  async function run(work: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await work();
      await reload();
    } catch (error) {
      if (error instanceof PushUnavailable) setProblem(error.message);
      else showToast('error', errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const turnOn = () =>
    run(async () => {
      const subscription = await subscribeThisBrowser(vapidPublicKey);
      await savePushSubscription(db, user.id, subscription, deviceLabel(navigator.userAgent));
      showToast('success', 'Notifications are on for this device.');
    });

  const remove = (device: PushDevice) =>
    run(async () => {
      if (device.endpoint === thisEndpoint) {
        // This browser stops listening too, not only our server sending.
        await (await currentSubscription())?.unsubscribe();
      }
      await removePushDevice(db, user.id, device.id);
    });

  return (
    <div className="flex flex-col gap-2">
      {pushSupported() ? (
        <Toggle
          label="Notifications on this device"
          checked={thisDevice !== undefined}
          onChange={(on) => {
            if (on) void turnOn();
            else if (thisDevice) void remove(thisDevice);
          }}
        />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{unsupportedMessage()}</p>
      )}
      {state.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(state.error)}
        </p>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      {devices && devices.length > 0 && (
        <ul aria-label="Devices with notifications" className="flex flex-col gap-1">
          {devices.map((device) => (
            <li key={device.id} className="flex items-center justify-between gap-3 text-sm">
              <span className="min-w-0 break-words">
                {device.user_agent || 'A browser'}
                {device.endpoint === thisEndpoint ? ' (this device)' : ''}
                <span className="block text-slate-600 dark:text-slate-300">
                  Since {new Date(device.created_at).toLocaleDateString()}
                </span>
              </span>
              <button
                type="button"
                className="btn-secondary shrink-0"
                disabled={busy}
                aria-label={`Remove ${device.user_agent || 'a browser'}`}
                onClick={() => void remove(device)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
