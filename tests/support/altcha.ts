/**
 * Solves the site's ALTCHA challenge the way the widget does, for tests that post the
 * contact form without a browser. Returns the base64 payload the widget would submit.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

export async function solveAltcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}
