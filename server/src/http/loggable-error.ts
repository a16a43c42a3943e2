/**
 * What of an unexpected error may go to the log: database errors carry the
 * statement and its parameters, which can hold e-mail addresses, password
 * hashes or a person's journal entries.
 */
export function loggableError(err: unknown): { message: string; code?: unknown; stack?: string } {
  if (!(err instanceof Error)) return { message: String(err) };
  return { message: err.message, code: (err as { code?: unknown }).code, stack: err.stack };
}
