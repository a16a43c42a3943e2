// Every `code` the reminders API (/reminders/v1) answers with, in one list,
// beside the auth API's (auth/request/error-codes.ts) and the data API's
// (rest/error-codes.ts). Every refusal has one shape, { code, message }, the
// message written for the person (the Reminders screen shows it as it is);
// a new failure picks one of these or adds it here, on purpose.

export const ReminderErrorCode = {
  // Who is asking
  notSignedIn: 'not_signed_in',
  insufficientAal: 'insufficient_aal',
  // What can be sent
  noChannelAvailable: 'no_channel_available',
  noChannelOn: 'no_channel_on',
  // How often (docs/decisions/070)
  tooManyTests: 'too_many_tests',
  // What happened to the send
  sendFailed: 'send_failed',
  // The request's shape, as Fastify refused it (body too large, bad content type)
  badRequest: 'bad_request',
  // The database away: try again
  unavailable: 'unavailable',
} as const;

export type ReminderErrorCode = (typeof ReminderErrorCode)[keyof typeof ReminderErrorCode];
