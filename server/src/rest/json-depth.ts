import { invalidBody } from './errors.ts';

// Real bodies are flat. PostgreSQL parses JSON recursively, so an absurdly
// deep document would exhaust its stack (a 500): a body for a table and the
// arguments of a function are both refused here as a bad body first.
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

/** Throws PostgREST's bad-body error when a parsed JSON body nests deeper than PostgreSQL can read. */
export function refuseDeepJson(value: unknown): void {
  if (depthExceeds(value, MAX_JSON_DEPTH)) {
    throw invalidBody('Empty or invalid json', `JSON may nest at most ${MAX_JSON_DEPTH} levels`);
  }
}
