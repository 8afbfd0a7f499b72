import { createAltchaChallenge } from '~/server/captcha.server';

/** A fresh ALTCHA challenge for the contact form's spam check (never cached). */
export async function loader() {
  return Response.json(await createAltchaChallenge(), { headers: { 'Cache-Control': 'no-store' } });
}
