import { invalidBody } from './errors.ts';
import { jsonBodyText, parseJsonBody } from './json-body.ts';

/** A request body ready for json_to_recordset: always a JSON array text, plus the columns to write. */
export interface Payload {
  json: string;
  columns: string[];
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
 * of objects with the same keys (unless `columns=` names them).
 */
export function parsePayload(
  raw: unknown,
  contentType: string | undefined,
  columnsParam: string[] | null,
): Payload {
  const text = jsonBodyText(raw, contentType);
  const value = parseJsonBody(text);
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
