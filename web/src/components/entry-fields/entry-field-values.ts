import type { EntryChanges } from '../../journal/entry.ts';

/**
 * What a person writes and sets for one entry, in Track and in Look Back's
 * editor: the entry's fields (journal/entry.ts), energy and engagement on
 * dials 0–1 and on sliders whole percentages (see EntryFields' `purpose`),
 * tags as tidy spellings in the order added (journal/tags.ts).
 */
export type EntryFieldValues = Omit<EntryChanges, 'createdAt'> & {
  /**
   * Text typed in the Tags field and not yet made a tag: Save adds it
   * (`addTag`), so a tag typed just before Save is not lost.
   */
  tagDraft: string;
};

/** Takes the fields a person changed; each form keeps the values in its own state. */
export type ChangeEntryFields = (changes: Partial<EntryFieldValues>) => void;
