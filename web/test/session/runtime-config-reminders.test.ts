import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from '../../src/session/runtime-config.ts';

// /config.json's `reminders` tells the Reminders screen which channels our
// server offers; without it (hosted Supabase) the screen explains instead.
const base = { supabaseUrl: 'http://127.0.0.1:3000', supabaseAnonKey: 'key' };

describe('the reminder channels in /config.json', () => {
  it('are read when our server sends them, and absent otherwise', () => {
    expect(parseRuntimeConfig({ ...base, reminders: { email: true } }).reminders).toEqual({
      email: true,
    });
    expect(parseRuntimeConfig({ ...base, reminders: { email: 'yes' } }).reminders).toEqual({
      email: false,
    });
    expect(parseRuntimeConfig(base).reminders).toBeUndefined();
    expect(parseRuntimeConfig({ ...base, reminders: null }).reminders).toBeUndefined();
  });
});
