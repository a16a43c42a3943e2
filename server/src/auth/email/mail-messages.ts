import type { OutgoingMail } from '../../mail/mailer.ts';

// The texts of the messages the auth API sends. Plain text is the message;
// the HTML part only makes the link clickable in clients that prefer HTML.

const PRODUCT = 'Energy Tracker';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

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
