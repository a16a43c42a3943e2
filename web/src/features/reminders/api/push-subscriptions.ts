import type { SupabaseClient } from '@supabase/supabase-js';

// This person's push subscriptions, one a browser (public.push_subscriptions,
// ADR 043), and the "push" channel of their reminder settings. Row-level
// security keeps each person to their own rows.

export interface PushDevice {
  id: string;
  endpoint: string;
  user_agent: string;
  created_at: string;
}

export async function listPushDevices(db: SupabaseClient): Promise<PushDevice[]> {
  const { data, error } = await db
    .from('push_subscriptions')
    .select('id, endpoint, user_agent, created_at')
    .order('created_at');
  if (error) throw error;
  return data as PushDevice[];
}

/** Keeps this browser's subscription (replacing an older one of the same browser) and turns the channel on. */
export async function savePushSubscription(
  db: SupabaseClient,
  userId: string,
  subscription: { endpoint: string; p256dh: string; auth: string },
  label: string,
): Promise<void> {
  const removed = await db
    .from('push_subscriptions')
    .delete()
    .eq('endpoint', subscription.endpoint);
  if (removed.error) throw removed.error;
  const { error } = await db
    .from('push_subscriptions')
    .insert({ ...subscription, user_agent: label });
  if (error) throw error;
  await setPushChannel(db, userId, true);
}

export async function removePushDevice(db: SupabaseClient, userId: string, id: string) {
  const { error } = await db.from('push_subscriptions').delete().eq('id', id);
  if (error) throw error;
  const left = await listPushDevices(db);
  if (left.length === 0) await setPushChannel(db, userId, false);
}

/** The settings row may not exist yet: it is made with the browser's zone and no times. */
async function setPushChannel(db: SupabaseClient, userId: string, on: boolean) {
  const updated = await db
    .from('reminder_settings')
    .update({ push: on })
    .eq('user_id', userId)
    .select('user_id');
  if (updated.error) throw updated.error;
  if ((updated.data ?? []).length > 0 || !on) return;
  const { error } = await db.from('reminder_settings').insert({
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    push: true,
  });
  if (error) throw error;
}
