import type { OutgoingMail } from '../../mail/mailer.ts';
import { escapeHtml } from '../../mail/escape-html.ts';

// The texts of the messages the auth API sends. Plain text is the message;
// the HTML part only makes the link clickable in clients that prefer HTML.

const PRODUCT = 'Energy Tracker';

function message(
  to: string,
  subject: string,
  lines: string[],
  link: string,
  action: string,
): OutgoingMail {
  const [lead = '', ...rest] = lines;
  const text = [lead, '', link, '', ...rest].join('\n');
  const paragraphs = rest.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const html = `<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>
${paragraphs}`;
  return { to, subject, text, html };
}

export function confirmationMail(to: string, link: string, lifetimeSeconds: number): OutgoingMail {
  return message(
    to,
    `Confirm your ${PRODUCT} account`,
    [
      `Follow this link to confirm your e-mail address and finish signing up for ${PRODUCT}:`,
      `The link works once and expires in ${describeLifetime(lifetimeSeconds)}.`,
      `If you did not sign up for ${PRODUCT}, you can ignore this message.`,
    ],
    link,
    'Confirm your e-mail address',
  );
}

export function emailChangeMail(
  to: string,
  oldEmail: string,
  link: string,
  lifetimeSeconds: number,
): OutgoingMail {
  return message(
    to,
    `Confirm your new ${PRODUCT} e-mail address`,
    [
      `Follow this link to change the e-mail address of your ${PRODUCT} account from ${oldEmail} to ${to}:`,
      `The link works once and expires in ${describeLifetime(lifetimeSeconds)}.`,
      'If you did not ask for this change, you can ignore this message.',
    ],
    link,
    'Confirm the new address',
  );
}

export function emailChangeCurrentMail(
  to: string,
  newEmail: string,
  link: string,
  lifetimeSeconds: number,
): OutgoingMail {
  return message(
    to,
    `Confirm the change of your ${PRODUCT} e-mail address`,
    [
      `Someone asked to change the e-mail address of your ${PRODUCT} account from ${to} to ${newEmail}. If it was you, follow this link to confirm:`,
      `The change needs this link and the one sent to ${newEmail}. This link works once and expires in ${describeLifetime(lifetimeSeconds)}.`,
      'If you did not ask for this, do not follow the link, and change your password: someone may be signed in to your account.',
    ],
    link,
    'Confirm the change',
  );
}

/** Sent to the old address once a change of address has been applied. */
export function emailChangedNotice(to: string, newEmail: string): OutgoingMail {
  return notice(to, `Your ${PRODUCT} e-mail address was changed`, [
    `The e-mail address of your ${PRODUCT} account was changed from ${to} to ${newEmail}.`,
    `If you did not do this, reset your password from the sign-in screen at once, or ask the person who runs this ${PRODUCT} server for help.`,
  ]);
}

/** Sent when the password of an account changes, however it was changed. */
export function passwordChangedNotice(to: string): OutgoingMail {
  return notice(to, `Your ${PRODUCT} password was changed`, [
    `The password of your ${PRODUCT} account was just changed.`,
    'If you did not do this, reset your password from the sign-in screen at once: someone may be signed in to your account.',
  ]);
}

/** Sent when an authenticator app starts or stops guarding an account, however it happened. */
export function authenticatorChangedNotice(to: string, change: 'added' | 'removed'): OutgoingMail {
  const what =
    change === 'added'
      ? `An authenticator app was added to your ${PRODUCT} account: signing in now also asks for a code from it.`
      : `An authenticator app was removed from your ${PRODUCT} account.`;
  return notice(to, `Two-step sign-in changed on your ${PRODUCT} account`, [
    what,
    `If you did not do this, reset your password from the sign-in screen at once, and ask the person who runs this ${PRODUCT} server to remove the authenticators of your account.`,
  ]);
}

export function recoveryCodesChangedNotice(to: string, change: 'made' | 'replaced'): OutgoingMail {
  const what =
    change === 'made'
      ? `Recovery codes were made for your ${PRODUCT} account: each one can stand in for your authenticator app once.`
      : `The recovery codes of your ${PRODUCT} account were replaced: the codes you saved before no longer work.`;
  return notice(to, `Two-step sign-in changed on your ${PRODUCT} account`, [
    what,
    `If you did not do this, reset your password from the sign-in screen at once, and ask the person who runs this ${PRODUCT} server to remove the authenticators of your account.`,
  ]);
}

function notice(to: string, subject: string, lines: string[]): OutgoingMail {
  return {
    to,
    subject,
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}

export function recoveryMail(to: string, link: string, lifetimeSeconds: number): OutgoingMail {
  return message(
    to,
    `Reset your ${PRODUCT} password`,
    [
      `Follow this link to choose a new password for your ${PRODUCT} account:`,
      `The link works once and expires in ${describeLifetime(lifetimeSeconds)}.`,
      'If you did not ask for this, you can ignore this message: your password stays as it is.',
    ],
    link,
    'Choose a new password',
  );
}

function describeLifetime(seconds: number): string {
  const hours = seconds / 3600;
  if (Number.isInteger(hours)) return hours === 1 ? '1 hour' : `${hours} hours`;
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
