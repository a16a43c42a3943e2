/** What a person writes and sets for one entry, in Track and in Look Back's editor. */
export interface EntryFieldValues {
  activity: string;
  /** On dials 0–1, on sliders whole percentages (0–100): see EntryFields' `purpose`. */
  energy: number;
  engagement: number;
  flowState: boolean;
  notes: string;
  /** Tidy spellings, in the order added (lib/tags.ts). */
  tags: readonly string[];
  /**
   * Text typed in the Tags field and not yet made a tag: Save adds it
   * (`addTag`), so a tag typed just before Save is not lost.
   */
  tagDraft: string;
}

/** Takes the fields a person changed; each form keeps the values in its own state. */
export type ChangeEntryFields = (changes: Partial<EntryFieldValues>) => void;
