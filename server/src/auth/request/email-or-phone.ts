import { badRequest } from './errors.ts';

/** Where GoTrue's message says the rule applies: " on signup", " on login". */
type Where = ' on signup' | ' on login';

/**
 * GoTrue's rule for a body that names a person: an e-mail address or a phone
 * number, not both (400 validation_failed). Answers both, "" when not given.
 */
export function emailOrPhone(
  params: { email?: string | undefined; phone?: string | undefined },
  where: Where,
): { email: string; phone: string } {
  const email = params.email ?? '';
  const phone = params.phone ?? '';
  if (email !== '' && phone !== '') {
    throw badRequest(
      'validation_failed',
      `Only an email address or phone number should be provided${where}.`,
    );
  }
  return { email, phone };
}
