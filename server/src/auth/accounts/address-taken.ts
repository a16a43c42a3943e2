// Two sign-ups (or a sign-up and a change of address) with one address at
// the same moment: both checked that the address was free, and the unique
// index on auth.users' lower(email) lets only one of them write it. The other
// learns so from this error, and answers as for a taken address. The writes
// that ask make every other key they insert fresh (random UUIDs), so any
// unique violation of theirs is the address.

/** Whether a failed write lost the race for an e-mail address. */
export function isAddressTaken(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
