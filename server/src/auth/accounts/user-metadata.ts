import type { Queryable } from '../../db/database.ts';

/**
 * PUT /user's `data`: a shallow merge into user_metadata in which null
 * removes a key, as GoTrue's UpdateUserMetaData. Done in SQL so that no
 * client key (such as "__proto__") ever touches a JavaScript object's
 * prototype. Returns the merged size in bytes, for the caller to bound
 * (metadata-size.ts).
 */
export async function mergeUserMetadata(
  tx: Queryable,
  userId: string,
  data: Record<string, unknown>,
): Promise<number> {
  const removed = Object.keys(data).filter((key) => data[key] === null);
  const { rows } = await tx.query<{ bytes: number }>(
    `UPDATE auth.users
        SET raw_user_meta_data = (raw_user_meta_data || $2::jsonb)
              - ARRAY(SELECT jsonb_array_elements_text($3::jsonb)),
            updated_at = now()
      WHERE id = $1
  RETURNING octet_length(raw_user_meta_data::text) AS bytes`,
    [userId, JSON.stringify(data), JSON.stringify(removed)],
  );
  return Number(rows[0]?.bytes ?? 0);
}
