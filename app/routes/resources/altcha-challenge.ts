import { data } from 'react-router';
import { createAltchaChallenge } from '~/server/captcha.server';

/**
 * A fresh ALTCHA challenge for the contact form's spam check (never cached): the challenge as the
 * widget reads it (its own format, not an action answer), as JSON.
 */
export async function loader() {
  return data(await createAltchaChallenge(), { headers: { 'Cache-Control': 'no-store' } });
}
