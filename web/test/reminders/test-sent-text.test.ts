import { describe, expect, it } from 'vitest';
import { testSentText } from '../../src/features/reminders/api/send-test-reminder.ts';

// What the Reminders screen says after "Send a test reminder": the channels
// it went by, and the devices the server removed because they kept failing.

describe('the test reminder message', () => {
  it('names the channels', () => {
    expect(testSentText({ channels: ['email', 'push'], removed: 0 })).toBe(
      'A test reminder is on its way by e-mail and as a notification.',
    );
  });

  it('tells the person about a device that kept failing and was removed', () => {
    expect(testSentText({ channels: ['push'], removed: 1 })).toBe(
      'A test reminder is on its way as a notification.' +
        ' A device that kept failing was removed; turn notifications on there again.',
    );
    expect(testSentText({ channels: ['email'], removed: 2 })).toContain(
      '2 devices that kept failing were removed',
    );
  });
});
