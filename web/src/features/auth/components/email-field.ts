/**
 * The address that signs in, or that a reset link is mailed to: the same
 * field on both forms, spread into a TextField beside its id and value.
 */
export const EMAIL_FIELD = {
  label: 'Email',
  type: 'email',
  required: true,
  autoComplete: 'email',
  placeholder: 'Enter your email',
} as const;
