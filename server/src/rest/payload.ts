import { invalidBody } from './errors.ts';

/** A request body ready for json_to_recordset: always a JSON array text, plus the columns to write. */
export interface Payload {
  json: string;
  columns: string[];
}

// Real rows are flat. PostgreSQL parses JSON recursively, so an absurdly deep
// document would exhaust its stack (a 500); refuse it here as a bad body.
const MAX_JSON_DEPTH = 64;

function depthExceeds(value: unknown, limit: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameKeys(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((k) => set.has(k));
}

/**
 * Checks a POST/PATCH body as PostgREST does: JSON only, an object or an array
 * of objects with the same keys (unless `columns=` names them). The raw text,
 * not a re-serialisation, goes to PostgreSQL, so big numbers keep every digit.
 */
export function parsePayload(
  raw: unknown,
  contentType: string | undefined,
  columnsParam: string[] | null,
): Payload {
  const mime = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mime !== '' && mime !== 'application/json') {
    throw invalidBody(`Content-Type not acceptable: ${mime}`);
  }
  const text = typeof raw === 'string' ? raw : '';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidBody('Empty or invalid json');
  }
  if (depthExceeds(value, MAX_JSON_DEPTH)) {
    throw invalidBody('Empty or invalid json', `JSON may nest at most ${MAX_JSON_DEPTH} levels`);
  }
  if (isObject(value)) {
    return { json: `[${text}]`, columns: columnsParam ?? Object.keys(value) };
  }
  if (Array.isArray(value)) {
    if (columnsParam) return { json: text, columns: columnsParam };
    const first = value[0];
    if (first === undefined) return { json: '[]', columns: [] };
    const keys = isObject(first) ? Object.keys(first) : null;
    if (!keys || !value.every((row) => isObject(row) && sameKeys(keys, Object.keys(row)))) {
      throw invalidBody('All object keys must match');
    }
    return { json: text, columns: keys };
  }
  // PostgREST reads any other JSON value as "no rows".
  return { json: columnsParam ? text : '[]', columns: columnsParam ?? [] };
}
