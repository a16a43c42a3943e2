-- "Send a test reminder" (docs/decisions/042-reminders-screen.md):
-- when each person last had one, so that every replica lets a person send at
-- most one a minute. The server updates the row with one statement that
-- succeeds only when the last test is a minute old (the database's clock
-- decides, not a replica's). Never exposed to the data API; gone with the
-- account; not in backups (a minute's worth of bookkeeping).
CREATE TABLE journal_private.reminder_tests (
  user_id uuid PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL
);
REVOKE ALL ON journal_private.reminder_tests FROM PUBLIC, anon, authenticated;
