import type { Operation } from './parse-filter.ts';

// The size of an `in.(…)` list or a cs/cd array operand, as the bounds of
// query-limits.ts count it: values and characters.

export interface OperandSize {
  values: number;
  characters: number;
}

/**
 * Elements of a cs/cd operand in PostgreSQL's literal form ({a,"b,c"}), counted
 * before PostgreSQL reads it: every comma outside quotes separates two, nested
 * braces included, so a nested or odd literal is counted high, never low.
 */
export function literalElementCount(literal: string): number {
  let separators = 0;
  let quoted = false;
  let content = false;
  for (let i = 0; i < literal.length; i += 1) {
    const char = literal[i];
    if (char === '\\') {
      i += 1;
      content = true;
    } else if (char === '"') {
      quoted = !quoted;
      content = true;
    } else if (!quoted && char === ',') {
      separators += 1;
    } else if (quoted || !/[\s{}[\]()]/.test(char ?? '')) {
      content = true;
    }
  }
  return separators === 0 && !content ? 0 : separators + 1;
}

/** The size of a list or array operand; null for an operation that has none. */
export function listOperandSize(operation: Operation): OperandSize | null {
  if (operation.kind === 'in') {
    // PostgREST reads `in.()` as the empty list.
    const empty = operation.values.length === 1 && operation.values[0] === '';
    return {
      values: empty ? 0 : operation.values.length,
      characters: operation.values.reduce((sum, value) => sum + value.length, 0),
    };
  }
  if (operation.kind === 'contain') {
    return {
      values: literalElementCount(operation.value),
      characters: operation.value.length,
    };
  }
  return null;
}
