import { queryError, type DataApiError } from './errors.ts';

/** Where and why a query-string grammar stopped matching. */
export class ParseFailure extends Error {
  readonly pos: number;
  readonly expecting: string;
  readonly found: string;

  constructor(pos: number, expecting: string, found: string) {
    super(`unexpected ${found} expecting ${expecting}`);
    this.pos = pos;
    this.expecting = expecting;
    this.found = found;
  }
}

const IDENTIFIER_CHAR = /^[\p{L}\p{N}_ $]$/u;
export const FIELD_EXPECTING = 'field name (* or [a..z0..9_$])';

/**
 * A position in one query-string value. The grammars built on it report
 * failures the way PostgREST's parser does: the value, the column, and what
 * was expected there, so a client sees where its syntax went wrong.
 */
export class Cursor {
  readonly text: string;
  pos = 0;

  constructor(text: string) {
    this.text = text;
  }

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  /** The character (a whole code point) at the cursor, or '' at the end. */
  peek(): string {
    const code = this.text.codePointAt(this.pos);
    return code === undefined ? '' : String.fromCodePoint(code);
  }

  rest(): string {
    return this.text.slice(this.pos);
  }

  take(token: string): boolean {
    if (!this.text.startsWith(token, this.pos)) return false;
    this.pos += token.length;
    return true;
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos += 1;
  }

  expect(token: string, expecting = JSON.stringify(token)): void {
    if (!this.take(token)) this.fail(expecting);
  }

  fail(expecting: string, at = this.pos): never {
    const ch = this.text.codePointAt(at);
    const found = ch === undefined ? 'end of input' : JSON.stringify(String.fromCodePoint(ch));
    throw new ParseFailure(at, expecting, found);
  }

  /** A column name: "quoted" (backslash escapes), or identifier characters joined by dashes. */
  fieldName(): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    const segments: string[] = [];
    for (;;) {
      const segmentStart = this.pos;
      while (IDENTIFIER_CHAR.test(this.peek())) this.pos += this.peek().length;
      if (this.pos === segmentStart) this.fail(FIELD_EXPECTING);
      // PostgREST trims each part: spaces around a name are not part of it.
      segments.push(this.text.slice(segmentStart, this.pos).trim());
      if (this.peek() === '-' && this.text[this.pos + 1] !== '>') {
        this.pos += 1;
        continue;
      }
      break;
    }
    const name = segments.join('-');
    if (name === '') this.fail(FIELD_EXPECTING, start);
    return name;
  }

  quoted(): string {
    this.expect('"');
    let value = '';
    for (;;) {
      const ch = this.peek();
      if (ch === '') this.fail('"\\""');
      this.pos += ch.length;
      if (ch === '"') return value;
      if (ch === '\\') {
        const escaped = this.peek();
        if (escaped === '') this.fail('any character');
        this.pos += escaped.length;
        value += escaped;
      } else {
        value += ch;
      }
    }
  }
}

/**
 * Runs a grammar over one value and turns a ParseFailure into PostgREST's
 * PGRST100 wording: message `"failed to parse <what> (<value>)" (line 1,
 * column N)`, details `unexpected … expecting …`.
 */
export function parseWith<T>(
  what: string,
  text: string,
  grammar: (cursor: Cursor) => T,
  shown = text,
  offset = 0,
): T {
  try {
    return grammar(new Cursor(text));
  } catch (err) {
    if (err instanceof ParseFailure) throw failureToError(what, shown, err, offset);
    throw err;
  }
}

export function failureToError(
  what: string,
  shown: string,
  failure: ParseFailure,
  offset = 0,
): DataApiError {
  const column = Math.max(1, failure.pos + 1 - offset);
  return queryError(
    `"failed to parse ${what} (${shown})" (line 1, column ${column})`,
    failure.message,
  );
}
