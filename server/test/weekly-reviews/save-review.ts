import type { SupabaseClient } from '@supabase/supabase-js';

/** A weekly review as the app writes it (docs/product.md 10.1): every field but the owner. */
export interface ReviewFields {
  week_start: string;
  activities?: string;
  environment?: string;
  interactions?: string;
  objects?: string;
  users?: string;
  more_kind?: 'activity' | 'tag' | null;
  more_name?: string | null;
  less_kind?: 'activity' | 'tag' | null;
  less_name?: string | null;
  how?: string;
}

export const REVIEW_COLUMNS =
  'week_start, activities, environment, interactions, objects, users, more_kind, more_name, less_kind, less_name, how';

/**
 * Saves the week's review as the web app does: one upsert on (user_id,
 * week_start), so that saving the same week again updates it.
 */
export function saveReview(client: SupabaseClient, review: ReviewFields) {
  return client
    .from('weekly_reviews')
    .upsert(review, { onConflict: 'user_id,week_start' })
    .select(REVIEW_COLUMNS)
    .single();
}
