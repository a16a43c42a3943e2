import { invalidBody } from './errors.ts';
import { refuseDeepJson } from './json-depth.ts';

// A table's rows and a function's arguments arrive the same way: a body
// PostgREST reads as JSON only, whose original text (not a re-serialisation)
// goes on to PostgreSQL, so that big numbers keep every digit.

/** The body's text, once its Content-Type (if any) says JSON. */
export function jsonBodyText(raw: unknown, contentType: string | undefined): string {
  const mime = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mime !== '' && mime !== 'application/json') {
    throw invalidBody(`Content-Type not acceptable: ${mime}`);
  }
  return typeof raw === 'string' ? raw : '';
}

/** The body's value: PostgREST's bad-body error when it is not JSON, or nests too deep. */
export function parseJsonBody(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidBody('Empty or invalid json');
  }
  refuseDeepJson(value);
  return value;
}
