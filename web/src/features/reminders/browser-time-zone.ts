/** The browser's IANA time zone ('Europe/Berlin'); reminders follow it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
