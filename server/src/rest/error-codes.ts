// Every PostgREST code the data API answers with, in one list, grouped and
// named as PostgREST's own error table groups them (docs "Errors", PostgREST
// error codes). supabase-js hands them to the app as `error.code`, and the
// tests hold the wire to them, so a new failure picks one of these or adds
// it here, on purpose; the names say what a bare PGRST number does not.
// A failure the database raised keeps its own SQLSTATE instead (SqlState).

export const DataErrorCode = {
  // Group 0: the database and reading its catalogue
  connection: 'PGRST000',
  schemaCacheUnavailable: 'PGRST002',
  // Group 1: the request
  queryParse: 'PGRST100',
  invalidBody: 'PGRST102',
  invalidRange: 'PGRST103',
  invalidSchema: 'PGRST106',
  invalidMediaType: 'PGRST107',
  notEmbedded: 'PGRST108',
  notSingular: 'PGRST116',
  unsupportedMethod: 'PGRST117',
  invalidPreferences: 'PGRST122',
  aggregatesDisabled: 'PGRST123',
  invalidPath: 'PGRST125',
  rootDisabled: 'PGRST126',
  notImplemented: 'PGRST127',
  // Group 2: what the schema cache does not hold
  functionNotFound: 'PGRST202',
  ambiguousFunction: 'PGRST203',
  columnNotFound: 'PGRST204',
  tableNotFound: 'PGRST205',
  // Group 3: the JWT
  invalidJwt: 'PGRST301',
  jwtClaimsRejected: 'PGRST303',
  // Group X: our own bugs
  internal: 'PGRSTX00',
} as const;

export type DataErrorCode = (typeof DataErrorCode)[keyof typeof DataErrorCode];

/**
 * A PostgreSQL SQLSTATE (five characters, e.g. 42501), passed to the client
 * unchanged when the database refuses a statement, as PostgREST does. Branded
 * so that only a database error, or a code written on purpose with
 * `sqlState`, can stand where a PGRST code is expected.
 */
export type SqlState = string & { readonly kind: 'SqlState' };

/** A SQLSTATE named in our code, for a failure PostgreSQL would report with it. */
export function sqlState(code: string): SqlState {
  return code as SqlState;
}
