import { describe, expect, it } from 'vitest';
import { noteServerDate, serverNow } from '../../src/session/clock-offset.ts';

// docs/decisions/041: the server's Date header corrects a device clock that is off.

describe('the clock offset', () => {
  it('learns a device clock 5 minutes fast from the Date header, and ignores a second or so', () => {
    const device = Date.now();
    const server = new Date(device - 5 * 60_000);
    for (let i = 0; i < 3; i++) noteServerDate(server.toUTCString(), device - 20, device + 20);
    const corrected = serverNow().getTime() - Date.now();
    expect(corrected).toBeGreaterThan(-5 * 60_000 - 1500);
    expect(corrected).toBeLessThan(-5 * 60_000 + 1500);

    for (let i = 0; i < 5; i++) noteServerDate(new Date().toUTCString(), Date.now(), Date.now());
    expect(Math.abs(serverNow().getTime() - Date.now())).toBeLessThan(50);
  });
});
