import { describe, expect, it } from 'vitest';
import { addTag, tagKey, tagProblem, tidyTag } from '../../src/journal/tags.ts';

// The tag rules the app checks before sending, the same as the database's
// (server/db/app/functions/entry_tags.sql, docs/decisions/038).

describe('tags', () => {
  it('are tidied and grouped case- and whitespace-insensitively', () => {
    expect(tidyTag('  with \t  Sam ')).toBe('with Sam');
    expect(tagKey(' OUTSIDE ')).toBe('outside');
    expect(addTag(['Outside'], ' outside ')).toEqual(['Outside']);
    expect(addTag(['Outside'], 'with  Sam')).toEqual(['Outside', 'with Sam']);
    expect(addTag(['Outside'], '   ')).toEqual(['Outside']);
  });

  it('refuse more than 10, more than 40 characters, and odd characters', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(tagProblem('eleventh', ten)).toBe('An entry can have at most 10 tags.');
    expect(tagProblem('t3', ten)).toBeUndefined();
    expect(tagProblem('x'.repeat(41), [])).toBe('A tag can be at most 40 characters.');
    // Characters as the database counts them: 40 emoji are 40, not 80.
    expect(tagProblem('🙂'.repeat(40), [])).toBeUndefined();
    for (const odd of [
      'a,b',
      'a;b',
      'two\nlines',
      'one\u2028two',
      'zero\u200bwidth',
      'rtl\u202e',
    ]) {
      expect(tagProblem(odd, [])).toBe('A tag cannot contain commas, semicolons or line breaks.');
    }
    expect(addTag([], 'a;b')).toEqual([]);
    // The joiners are not refused: Persian words and emoji need them.
    for (const joined of ['می\u200cخواهم', '👩\u200d💻', '🏳️\u200d🌈']) {
      expect(tagProblem(joined, [])).toBeUndefined();
    }
  });
});
