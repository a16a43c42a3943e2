// JSON.parse says a file is not JSON but, in today's engines, not where.
// This walks the text as the JSON grammar does and returns the offset of the
// first character that cannot continue it, so an import can name the line.

const WHITESPACE = /[ \t\n\r]/;
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/;
// eslint-disable-next-line no-control-regex -- JSON forbids raw control characters in strings
const STRING = /^"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/;

class Stop {
  readonly at: number;
  constructor(at: number) {
    this.at = at;
  }
}

export function jsonErrorOffset(text: string): number | undefined {
  let i = 0;
  const skip = () => {
    while (i < text.length && WHITESPACE.test(text[i] ?? '')) i++;
  };
  const expect = (ch: string) => {
    skip();
    if (text[i] !== ch) throw new Stop(i);
    i++;
  };
  const literal = (pattern: RegExp) => {
    const match = pattern.exec(text.slice(i, i + 20_000));
    if (!match) throw new Stop(i);
    i += match[0].length;
  };
  const value = (): void => {
    skip();
    const ch = text[i];
    if (ch === '{') {
      i++;
      skip();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        skip();
        literal(STRING);
        expect(':');
        value();
        skip();
        if (text[i] === ',') i++;
        else return expect('}');
      }
    }
    if (ch === '[') {
      i++;
      skip();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        skip();
        if (text[i] === ',') i++;
        else return expect(']');
      }
    }
    if (ch === '"') return literal(STRING);
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    literal(NUMBER);
  };
  try {
    value();
    skip();
    return i < text.length ? i : undefined;
  } catch (stop) {
    if (stop instanceof Stop) return stop.at;
    throw stop;
  }
}
