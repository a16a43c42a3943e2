// The longest texts an entry may hold, in characters: the bounds the database
// keeps (server/db/app/0015_entry_text_limits.sql). The app's forms (Track,
// Look Back's editor and its activity filter) and the import check all read
// them from here, so that they and the database agree.

/** An activity name. */
export const ACTIVITY_MAX_LENGTH = 500;

/** An entry's notes. */
export const NOTES_MAX_LENGTH = 2000;

/** Tags on one entry (server/db/app/functions/entry_tags.sql). */
export const TAGS_MAX_COUNT = 10;

/** One tag, after its whitespace is tidied. */
export const TAG_MAX_LENGTH = 40;
