/**
 * Configuration: every environment variable the server reads, validated once by zod at
 * start-up (docs/architecture.md "Configuration"). An invalid value stops start-up with a
 * message naming the variable. `.env.example` documents each one.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { CompanyInfo } from '~/lib/company';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Ormsby Lending <no-reply@ormsbylending.example>'),
  NOTIFY_EMAIL: z.email().default('team@ormsbylending.example'),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool.default(false),
  CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'turnstile']).default('altcha'),
  CAPTCHA_SITE_KEY: optionalString,
  CAPTCHA_SECRET_KEY: optionalString,
  ALTCHA_HMAC_KEY: optionalString,
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) => (v === 'true' ? 1 : v === 'false' || v === '' ? 0 : Number(v)))
    .pipe(z.number().int().min(0, 'must be true, false or a number of proxy hops')),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString,
  SEED_DEMO: bool.default(false),
  PAGE_CACHE: bool.default(true),
  /** Page and `.data` renders a process runs at once; more wait their turn in order (server/admission.ts). */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1, 'must be a whole number, at least 1').max(64).default(4),
  /** Renders that may wait; past it a page or `.data` request is answered 503 with Retry-After. */
  RENDER_QUEUE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(1_000),
  // Server processes in production (docs/decisions/0009-one-process-per-core.md): a whole number,
  // or 'auto' for one per CPU this process may use.
  WEB_CONCURRENCY: z
    .string()
    .default('1')
    .transform((v) => (v.trim() === 'auto' ? os.availableParallelism() : v.trim() === '' ? 1 : Number(v)))
    .pipe(z.number().int('must be a whole number of processes or auto').min(1, 'must be at least 1 (or auto)').max(256)),
  DOCUMENT_MAX_MB: z.coerce
    .number()
    .int()
    .min(1, 'must be a whole number of megabytes, at least 1')
    .max(5120, 'must be at most 5120')
    .default(25),
  TIME_ZONE: z
    .string()
    .default('America/Los_Angeles')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/Los_Angeles'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_CONTACT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  MAP_TILE_URL: z.string().default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  COMPANY_NAME: z.string().default('Ormsby Lending'),
  COMPANY_LEGAL_NAME: z.string().default('Ormsby Lending Group, LLC'),
  COMPANY_ADDRESS: z.string().default('412 North Carson Street, Suite 200, Carson City, NV 89701'),
  COMPANY_CITY: z.string().default('Carson City, Nevada'),
  COMPANY_PHONE: z.string().default('(775) 555-0142'),
  COMPANY_EMAIL: z.email().default('info@ormsbylending.example'),
  COMPANY_NV_LICENSE: z.string().default('NV Mortgage Company License #5421'),
  COMPANY_NMLS_ID: z.string().default('NMLS #2145873'),
  COMPANY_CA_DRE: z.string().default('CA DRE Broker License #02187456'),
  // PLACEHOLDER: the lender's federal TIN (EIN) printed as the payer's on 1099-INT figures (issue 25);
  // set it to the real EIN before any statement is filed.
  COMPANY_TIN: z.string().default('00-0000000'),
});

export type Env = z.infer<typeof schema> & { AUTH_SECRET: string; PUBLIC_URL: string };

/**
 * Parses `source` (default `process.env`) into a typed configuration.
 * @throws Error whose message names every invalid variable and why.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): z.infer<typeof schema> {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * The secret for sessions and signed tokens: AUTH_SECRET, or one generated once and kept in
 * `DATA_DIR/auth-secret` readable by the owner only (an info line at start-up says where, and
 * to set it when several processes serve the site).
 */
function resolveAuthSecret(config: z.infer<typeof schema>): { secret: string; generated: boolean } {
  if (config.AUTH_SECRET) return { secret: config.AUTH_SECRET, generated: false };
  const dir = path.resolve(config.DATA_DIR);
  const file = path.join(dir, 'auth-secret');
  if (existsSync(file)) return { secret: readFileSync(file, 'utf8').trim(), generated: true };
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { secret, generated: true };
}

let cached: Env | undefined;
let secretWasGenerated = false;

/** The validated configuration, read once per process. */
export function env(): Env {
  if (cached) return cached;
  const parsed = parseEnv();
  const { secret, generated } = resolveAuthSecret(parsed);
  secretWasGenerated = generated;
  cached = {
    ...parsed,
    AUTH_SECRET: secret,
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
  };
  return cached;
}

/** True when AUTH_SECRET was not configured and a generated one is in use. */
export function authSecretWasGenerated(): boolean {
  env();
  return secretWasGenerated;
}

/** Resolves a path inside DATA_DIR, creating nothing. */
export function dataPath(...parts: string[]): string {
  return path.resolve(env().DATA_DIR, ...parts);
}

/** Company details shown by the header, footer, contact and legal pages and e-mails. */
export function companyInfo(): CompanyInfo {
  const e = env();
  return {
    name: e.COMPANY_NAME,
    legalName: e.COMPANY_LEGAL_NAME,
    address: e.COMPANY_ADDRESS,
    city: e.COMPANY_CITY,
    phone: e.COMPANY_PHONE,
    email: e.COMPANY_EMAIL,
    nvLicense: e.COMPANY_NV_LICENSE,
    nmlsId: e.COMPANY_NMLS_ID,
    caDre: e.COMPANY_CA_DRE,
    payerTin: e.COMPANY_TIN,
  };
}
