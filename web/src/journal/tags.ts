import { TAG_MAX_LENGTH, TAGS_MAX_COUNT } from './entry-limits.ts';

// Tags as the database keeps them (server/db/app/functions/entry_tags.sql,
// docs/decisions/038): tidied whitespace, grouped by a key that ignores case
// and whitespace, at most TAGS_MAX_COUNT of TAG_MAX_LENGTH characters, none
// of the characters below. The app checks the same rules before sending, so
// a person reads the problem next to the field.

/**
 * Control characters, line/paragraph separators, invisible format marks,
 * comma and semicolon; not the joiners U+200C/U+200D, which Persian words and
 * emoji such as 👩‍💻 need.
 */
// Control characters are what it looks for.
/* eslint-disable no-control-regex */
const REFUSED =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb,;]/;
/* eslint-enable no-control-regex */

/** Surrounding whitespace dropped, inner runs as one space. */
export function tidyTag(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** What groups tags (and activity names): public.activity_key. */
export function tagKey(text: string): string {
  return tidyTag(text).toLowerCase();
}

/** Why a typed tag cannot be added to `tags`, or undefined when it can. */
export function tagProblem(text: string, tags: readonly string[]): string | undefined {
  const tag = tidyTag(text);
  if (tag === '') return undefined;
  if (REFUSED.test(text)) return 'A tag cannot contain commas, semicolons or line breaks.';
  if ([...tag].length > TAG_MAX_LENGTH) return `A tag can be at most ${TAG_MAX_LENGTH} characters.`;
  if (tags.some((t) => tagKey(t) === tagKey(tag))) return undefined;
  if (tags.length >= TAGS_MAX_COUNT) return `An entry can have at most ${TAGS_MAX_COUNT} tags.`;
  return undefined;
}

/** `tags` with `text` added at the end, unless it is blank, refused or already there. */
export function addTag(tags: readonly string[], text: string): readonly string[] {
  const tag = tidyTag(text);
  if (tag === '' || tagProblem(text, tags)) return tags;
  if (tags.some((t) => tagKey(t) === tagKey(tag))) return tags;
  return [...tags, tag];
}
