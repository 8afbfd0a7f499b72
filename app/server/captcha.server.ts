/**
 * The contact form's spam check (product decisions): a self-hosted ALTCHA proof of work by default,
 * or reCAPTCHA / Turnstile when CAPTCHA_PROVIDER and its keys are set. A solution is accepted
 * once: its signature is stored until the challenge expires, so a replay is refused.
 */
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt } from 'drizzle-orm';
import { db } from './db/client.server';
import { captchaReplay } from './db/schema';
import { env } from './env.server';

const CHALLENGE_TTL_S = 10 * 60;

function secrets() {
  const base = env().ALTCHA_HMAC_KEY ?? env().AUTH_SECRET;
  const derive = (label: string) => createHmac('sha256', base).update(label).digest('base64url');
  return { signature: derive('altcha-signature'), key: derive('altcha-key') };
}

/** A new signed ALTCHA challenge (expires in 10 minutes; a browser solves it in about a second). */
export async function createAltchaChallenge(): Promise<Challenge> {
  const { signature, key } = secrets();
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(5_000, 40_000),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_S * 1000),
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  });
}

export type CaptchaResult = { ok: true } | { ok: false; reason: 'invalid' | 'replayed' | 'unavailable' };

async function verifyAltcha(token: string): Promise<CaptchaResult> {
  let payload: { challenge?: Challenge; solution?: { counter: number; derivedKey: string } };
  try {
    payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!payload?.challenge?.parameters || !payload.challenge.signature || !payload.solution) {
    return { ok: false, reason: 'invalid' };
  }
  const { signature, key } = secrets();
  let verified = false;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: signature,
      hmacKeySignatureSecret: key,
    });
    verified = result.verified;
  } catch {
    verified = false;
  }
  if (!verified) return { ok: false, reason: 'invalid' };
  const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? Date.now() / 1000 + CHALLENGE_TTL_S) * 1000);
  const inserted = await db()
    .insert(captchaReplay)
    .values({ signature: payload.challenge.signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: captchaReplay.signature });
  if (inserted.length === 0) return { ok: false, reason: 'replayed' };
  if (Math.random() < 0.05) await db().delete(captchaReplay).where(lt(captchaReplay.expiresAt, new Date()));
  return { ok: true };
}

/** Verifies a reCAPTCHA or Turnstile token with its provider (their services refuse replays). */
async function verifyRemote(url: string, token: string, clientIp: string): Promise<CaptchaResult> {
  const secret = env().CAPTCHA_SECRET_KEY;
  if (!secret) return { ok: false, reason: 'unavailable' };
  try {
    const res = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ secret, response: token, remoteip: clientIp }),
      signal: AbortSignal.timeout(5_000),
    });
    const body = (await res.json()) as { success?: boolean };
    return body.success ? { ok: true } : { ok: false, reason: 'invalid' };
  } catch {
    return { ok: false, reason: 'unavailable' };
  }
}

/** Verifies the spam-check `token` of a form submission from `clientIp`. */
export function verifyCaptcha(token: string, clientIp: string): Promise<CaptchaResult> {
  switch (env().CAPTCHA_PROVIDER) {
    case 'recaptcha':
      return verifyRemote('https://www.google.com/recaptcha/api/siteverify', token, clientIp);
    case 'turnstile':
      return verifyRemote('https://challenges.cloudflare.com/turnstile/v0/siteverify', token, clientIp);
    default:
      return verifyAltcha(token);
  }
}
