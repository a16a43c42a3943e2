import { badRequest } from './errors.ts';

// GoTrue decodes every body with Go's encoding/json into a typed struct: any
// content type is read as JSON, unknown fields are ignored, `null` means "not
// given", and a value of the wrong type fails the whole request with 400
// bad_json. This reproduces that contract for the fields each endpoint reads.

type FieldKind = 'string' | 'object';
export type Shape = Record<string, FieldKind>;
type JsonObject = Record<string, unknown>;

export type Params<S extends Shape> = {
  [K in keyof S]: (S[K] extends 'string' ? string : JsonObject) | undefined;
};

const badJson = (detail: string) =>
  badRequest('bad_json', `Could not parse request body as JSON: ${detail}`);

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'object' : typeof value;
}

// PostgreSQL refuses NUL characters and unpaired surrogates in jsonb; caught
// here they are a client error instead of a database failure. JSON.stringify
// writes exactly these as \u escapes; an even run of backslashes before "u"
// is an escaped backslash followed by ordinary text, which is fine.
const UNSTORABLE_JSON = /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

// Metadata is a flat-ish bag of profile fields; PostgreSQL (and our own
// JSON.stringify) would exhaust their stacks on values nested thousands deep.
const MAX_DEPTH = 64;

/** Iterative, so that measuring a hostile value cannot itself overflow the stack. */
function depthExceeds(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [node, depth] = item;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readParams<const S extends Shape>(rawBody: unknown, shape: S): Params<S> {
  const text = typeof rawBody === 'string' ? rawBody : '';
  let decoded: unknown;
  try {
    decoded = JSON.parse(text);
  } catch (err) {
    throw badJson(err instanceof Error ? err.message : 'invalid JSON');
  }
  if (decoded !== null && !isJsonObject(decoded)) {
    throw badJson(`cannot unmarshal ${describe(decoded)} into an object`);
  }
  const result: Record<string, string | JsonObject | undefined> = {};
  for (const [field, kind] of Object.entries(shape)) {
    const value = decoded !== null && Object.hasOwn(decoded, field) ? decoded[field] : null;
    if (value === null || value === undefined) {
      result[field] = undefined;
    } else if (kind === 'string' && typeof value === 'string') {
      // PostgreSQL text cannot hold NUL: refuse it here, not as a database failure.
      if (value.includes('\u0000')) {
        throw badJson(`field ${field} contains characters that cannot be stored`);
      }
      result[field] = value;
    } else if (kind === 'object' && isJsonObject(value)) {
      if (depthExceeds(value, MAX_DEPTH)) {
        throw badJson(`field ${field} is nested more than ${MAX_DEPTH} levels deep`);
      }
      if (UNSTORABLE_JSON.test(JSON.stringify(value))) {
        throw badJson(`field ${field} contains characters that cannot be stored`);
      }
      result[field] = value;
    } else {
      throw badJson(`cannot unmarshal ${describe(value)} into field ${field} of type ${kind}`);
    }
  }
  return result as Params<S>;
}

/** A query-string value as GoTrue's r.URL.Query().Get would see it: the first, or "". */
export function queryValue(query: unknown, name: string): string {
  if (!isJsonObject(query)) return '';
  const value = query[name];
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return '';
}

// The pattern GoTrue checks addresses with (github.com/badoux/checkmail):
// a dot-atom local part and a host of LDH labels.
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail: 400 validation_failed, else the address in lower case. */
export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (Buffer.byteLength(email, 'utf8') > 255) {
    throw badRequest('validation_failed', 'An email address is too long');
  }
  if (!EMAIL_FORMAT.test(email)) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}
