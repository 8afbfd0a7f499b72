/**
 * The whole data model (docs/architecture.md "Data model"): better-auth's tables (`user`,
 * `session`, `account`, `verification`, `rate_limit`) and the application's own. Amounts are
 * whole US dollars, percents are numeric percent (65.5 = 65.5 %), terms are whole months,
 * acreage is numeric acres, sizes are bytes (product decisions).
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { CONTACT_STATUSES, OUTBOX_STATUSES } from '../../lib/admin';
import { DATA_ROOM_AUDIENCE_VALUES, DATA_ROOM_KIND_VALUES } from '../../lib/data-room';
import { ACCREDITATION_METHODS, COMMITMENT_STATUSES, OPEN_STATUSES } from '../../lib/investing';
import {
  ENTITY_TYPES,
  EXIT_STRATEGIES,
  ITEM_STATUSES,
  LENDING_STATES,
  CREDIT_SCORE_RANGES,
  LOAN_PURPOSES,
  LOAN_STAGE_VALUES,
  TERM_SHEET_STATUSES,
} from '../../lib/loans';
import { DEAL_STATUSES, LIEN_POSITIONS } from '../../lib/schemas/deal';
import {
  ACCRUALS,
  ADJUSTED_BUCKETS,
  DRAW_FILE_KINDS,
  DRAW_STATUSES,
  EXTENSION_STATUSES,
  INTEREST_METHOD_CHOICES,
  LEDGER_ENTRY_KINDS,
  PAYMENT_METHODS,
} from '../../lib/servicing/vocabulary';
import { FEES_TO, LOAN_UPDATE_KINDS, RUN_STATUSES } from '../../lib/returns/vocabulary';
import { PAYOFF_TOLERANCE_CENTS } from '../../lib/servicing/ledger';
import { SITE_CONTENT_SECTIONS, SITE_IMAGE_KINDS } from '../../lib/site-content';
import { TOAST_TYPES } from '../../lib/toast';
import { PROPERTY_TYPES, valuesOf } from '../../lib/vocabulary';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** `column in ('a', 'b', …)` of a constant list, written into DDL as literals (no parameters there). */
function inList(column: PgColumn, values: readonly string[]) {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;
}

/**
 * The CHECK constraints of the enum columns among `columns` (a table's, as its extra config
 * receives them): for each column typed from a list (`text(name, { enum: LIST })`, the list
 * from app/lib), `{table}_{column}_check`, `column in (…the list…)`. The type and the
 * constraint come from the one list, so the database refuses what the code's type refuses
 * (issue "Integrity", a schema that keeps its invariants); a null passes (nullability is the
 * column's own). tests/integration/schema-invariants.test.ts probes every such column.
 */
function enumChecks(columns: Record<string, PgColumn>) {
  // The columns given to the extra config do not carry their enum; the table's own columns do.
  const table = Object.values(columns)[0]!.table;
  return Object.values(getTableColumns(table))
    .filter((c) => c.enumValues?.length)
    .map((c) => check(`${getTableName(table)}_${c.name}_check`, inList(c, c.enumValues!)));
}

// ---------------------------------------------------------------- better-auth

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Only an http(s) URL is ever stored (issue "Security and scale"); nothing shows it today. */
    image: text('image'),
    /** Set by better-auth's two-factor plugin once an authenticator app is confirmed. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The dashboard's newest users (issue "Admin area").
  (t) => [index('user_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /**
     * When the user last proved who they are in this session (password or code) after signing
     * in; null means at sign-in (`created_at`). Sensitive admin actions ask again after 10
     * minutes (issue "Security and scale").
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

/** better-auth's two-factor plugin: the encrypted TOTP secret and recovery codes of a user. */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factor_user_id_idx').on(t.userId)],
);

/**
 * Authenticator codes already accepted, per user (RFC 6238 §5.2: a code is accepted once). A code
 * is valid for at most 90 s (the step before, the current one and the next), so a row older than
 * that no longer matters: the claim takes it over and the hourly housekeeping removes it.
 */
export const usedTotpCode = pgTable(
  'used_totp_code',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// ---------------------------------------------------------------- application

/** One row per user: roles, contact details, sign-up answers and preferences (product §3). */
export const profile = pgTable(
  'profile',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    isBorrower: boolean('is_borrower').notNull().default(false),
    isInvestor: boolean('is_investor').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    phone: text('phone'),
    title: text('title'),
    companyName: text('company_name'),
    // investor answers
    isAccredited: boolean('is_accredited'),
    income: text('income'),
    netWorth: text('net_worth'),
    investmentExperience: text('investment_experience'),
    // borrower answers
    loanType: text('loan_type'),
    propertyTypes: text('property_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hasSpecificAddress: boolean('has_specific_address'),
    propertyAddress: text('property_address'),
    loanAmountRange: text('loan_amount_range'),
    projectDescription: text('project_description'),
    /** Whole dollars (up to 10,000,000,000, product §5: beyond an integer's range, so bigint). */
    desiredLoanAmount: bigint('desired_loan_amount', { mode: 'number' }),
    /** Whole dollars, as `desiredLoanAmount`. */
    estimatedPropertyValue: bigint('estimated_property_value', { mode: 'number' }),
    avatarKey: text('avatar_key'),
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifySms: boolean('notify_sms').notNull().default(false),
    notifyMarketing: boolean('notify_marketing').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    failedSignInWindowStart: timestamp('failed_sign_in_window_start', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Set while staff have disabled the account: no sign-in, no session (issue "Security and scale"). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The user's name and e-mail, lower-cased, which the admin directory searches (product §9);
     * copied from "user" by triggers (migration 0002_admin_list_counts) so a search, its role
     * filter and its order read this table alone.
     */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    index('profile_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The admin directory, newest first, read from either end (issue "Admin area").
    index('profile_newest_idx').on(t.createdAt.desc().nullsFirst(), t.userId.desc().nullsFirst()),
    index('profile_roles_idx').on(t.isBorrower, t.isInvestor),
    // The admin directory's role filters, newest first (issue "Admin area").
    index('profile_borrower_created_idx').on(t.isBorrower, t.createdAt.desc().nullsFirst(), t.userId.desc().nullsFirst()),
    index('profile_investor_created_idx').on(t.isInvestor, t.createdAt.desc().nullsFirst(), t.userId.desc().nullsFirst()),
    check(
      'profile_amounts_check',
      sql`coalesce(${t.desiredLoanAmount}, 0) >= 0 and coalesce(${t.estimatedPropertyValue}, 0) >= 0`,
    ),
  ],
);

/** A deal (deed of trust offered to investors); product §3 deals with product decisions's fields. */
export const deal = pgTable(
  'deal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    location: text('location').notNull(),
    type: text('type'),
    description: text('description').notNull(),
    acreage: numeric('acreage', { precision: 12, scale: 2, mode: 'number' }),
    /** The loan the deed of trust secures (admin label 'Loan amount'). */
    loanAmount: bigint('loan_amount', { mode: 'number' }).notNull(),
    ltv: numeric('ltv', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    termMonths: integer('term_months').notNull(),
    /** The investor rate, percent a year (admin label 'Investor rate'; issue 25): at most the note rate of the loan it offers. */
    interestRate: numeric('interest_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    minimumInvestment: bigint('minimum_investment', { mode: 'number' }).notNull(),
    /** What the lender raises from investors for this deed of trust (issue "Investing"). */
    amountToRaise: bigint('amount_to_raise', { mode: 'number' }).notNull(),
    /** Amounts are whole multiples of this (default $1,000); the minimum is one too. */
    investmentStep: bigint('investment_step', { mode: 'number' }).notNull().default(1000),
    lienPosition: text('lien_position', { enum: LIEN_POSITIONS }).notNull().default('first'),
    /** The loan as the lender describes it to investors (plain text). */
    loanPurpose: text('loan_purpose'),
    borrowerExperience: text('borrower_experience'),
    exitStrategy: text('exit_strategy'),
    /** One risk factor per line (plain text). */
    riskFactors: text('risk_factors').notNull().default(''),
    sponsor: text('sponsor'),
    imageKeys: text('image_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    prospectusKey: text('prospectus_key'),
    prospectusFileName: text('prospectus_file_name'),
    coordinatesLat: doublePrecision('coordinates_lat'),
    coordinatesLng: doublePrecision('coordinates_lng'),
    status: text('status', { enum: DEAL_STATUSES }).notNull().default('Active'),
    /**
     * Who receives the late charges and fees the deal's loan collects (issue 25 "Distributions";
     * app/lib/returns/vocabulary.ts FEES_TO): the lender unless staff choose the investors.
     */
    feesTo: text('fees_to', { enum: valuesOf(FEES_TO) })
      .notNull()
      .default('lender'),
    /**
     * The loan this deal funds, once the lender links them (servicing): at most one deal per
     * loan. A loan named by a deal cannot be deleted (restrict): investors' money follows it.
     */
    loanId: uuid('loan_id')
      .unique('deal_loan_id_unique')
      .references((): AnyPgColumn => loan.id, { onDelete: 'restrict' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('deal_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('deal_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('deal_search_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.title}, '') || ' ' || coalesce(${t.location}, '') || ' ' || coalesce(${t.sponsor}, '') || ' ' || coalesce(${t.type}, '')) gin_trgm_ops`,
    ),
    ...enumChecks(t),
    check(
      'deal_investment_check',
      sql`${t.investmentStep} > 0 and ${t.minimumInvestment} > 0 and ${t.minimumInvestment} % ${t.investmentStep} = 0 and ${t.amountToRaise} >= ${t.minimumInvestment}`,
    ),
  ],
);

/** An investor follows a deal (product §3 users_deals); one row per user and deal. */
export const dealInterest = pgTable(
  'deal_interest',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deal.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('deal_interest_user_deal_idx').on(t.userId, t.dealId), index('deal_interest_deal_idx').on(t.dealId)],
);

// ---------------------------------------------------------------- investing (issue "Investing")

/**
 * An investor's non-binding amount on a deal (a soft commitment), whole dollars. At most one
 * open commitment (indicated, waitlisted, confirmed, funded) per investor and deal; withdrawn
 * and declined ones stay as history. `queuedAt` orders the waitlist (order of arrival).
 */
export const softCommitment = pgTable(
  'soft_commitment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deal.id, { onDelete: 'cascade' }),
    investorId: text('investor_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** One of COMMITMENT_STATUSES (app/lib/investing.ts). */
    status: text('status', { enum: valuesOf(COMMITMENT_STATUSES) }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff's note with the last status change. */
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('soft_commitment_open_idx').on(t.dealId, t.investorId).where(inList(t.status, OPEN_STATUSES)),
    index('soft_commitment_deal_idx').on(t.dealId, t.status, t.queuedAt),
    index('soft_commitment_investor_idx').on(t.investorId, t.createdAt.desc().nullsFirst()),
    check('soft_commitment_amount_check', sql`${t.amount} > 0`),
    ...enumChecks(t),
  ],
);

/**
 * The Nevada suitability statement an investor signs for a deal before their first amount on it
 * (NAC 645B, the Division of Mortgage Lending's form): the text they saw, their answers, when and
 * from where. One per investor and deal.
 */
export const suitabilityStatement = pgTable(
  'suitability_statement',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    investorId: text('investor_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deal.id, { onDelete: 'cascade' }),
    formVersion: text('form_version').notNull(),
    formText: text('form_text').notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    clientIp: text('client_ip'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('suitability_statement_investor_deal_idx').on(t.investorId, t.dealId)],
);

/**
 * How an investor's accreditation was established, when and until when. A letter uploaded by the
 * investor (a private file, like loan documents) waits for staff (`verifiedAt` null, no
 * `expiresOn`); the investor's current record is the newest one verified. Reminders are sent 30
 * and 7 days before `expiresOn`.
 */
export const accreditationRecord = pgTable(
  'accreditation_record',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    investorId: text('investor_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** One of ACCREDITATION_METHODS (app/lib/investing.ts). */
    method: text('method', { enum: valuesOf(ACCREDITATION_METHODS) }).notNull(),
    /** Calendar days, 'YYYY-MM-DD' in the lender's zone. */
    establishedOn: date('established_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    letterKey: text('letter_key').unique(),
    letterFileName: text('letter_file_name'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: text('verified_by').references(() => user.id, { onDelete: 'set null' }),
    reminded30At: timestamp('reminded_30_at', { withTimezone: true }),
    reminded7At: timestamp('reminded_7_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('accreditation_record_investor_idx').on(t.investorId, t.createdAt.desc().nullsFirst()),
    index('accreditation_record_expiry_idx').on(t.expiresOn),
    ...enumChecks(t),
  ],
);

/** A document of a deal's data room (appraisal, title report, prospectus, disclosure, photos …). */
export const dataRoomDocument = pgTable(
  'data_room_document',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deal.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind', { enum: DATA_ROOM_KIND_VALUES }).notNull(),
    audience: text('audience', { enum: DATA_ROOM_AUDIENCE_VALUES }).notNull().default('investors'),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    /** Bytes. */
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('data_room_document_deal_idx').on(t.dealId, t.createdAt), ...enumChecks(t)],
);

/** An investor's acknowledgement that a deal's data room is confidential: once per deal. */
export const dataRoomAcknowledgement = pgTable(
  'data_room_acknowledgement',
  {
    investorId: text('investor_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deal.id, { onDelete: 'cascade' }),
    statementVersion: text('statement_version').notNull(),
    clientIp: text('client_ip'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.investorId, t.dealId] })],
);

/**
 * A loan application and file (issue "The loan file"; docs/product.md §10). A draft has no
 * reference; submitting gives it one ('OL-2026-00042'). Amounts are whole dollars
 * (`propertyValue` is the purchase price or the as-is value), `stage` one of LOAN_STAGE_VALUES.
 */
export const loan = pgTable(
  'loan',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').unique(),
    borrowerId: text('borrower_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: LOAN_STAGE_VALUES }).notNull().default('draft'),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The application steps saved so far (0 to 3); a draft resumes after them. */
    stepsDone: integer('steps_done').notNull().default(0),
    propertyAddress: text('property_address'),
    propertyCity: text('property_city'),
    propertyState: text('property_state', { enum: valuesOf(LENDING_STATES) }),
    propertyType: text('property_type', { enum: valuesOf(PROPERTY_TYPES) }),
    purpose: text('purpose', { enum: valuesOf(LOAN_PURPOSES) }),
    propertyValue: bigint('property_value', { mode: 'number' }),
    rehabBudget: bigint('rehab_budget', { mode: 'number' }),
    afterRepairValue: bigint('after_repair_value', { mode: 'number' }),
    loanAmount: bigint('loan_amount', { mode: 'number' }),
    exitStrategy: text('exit_strategy', { enum: valuesOf(EXIT_STRATEGIES) }),
    entityType: text('entity_type', { enum: valuesOf(ENTITY_TYPES) }),
    entityName: text('entity_name'),
    projectsLast36Months: integer('projects_last_36_months'),
    /** The borrower's phone for this loan, as the application asked it. */
    phone: text('phone'),
    creditScoreRange: text('credit_score_range', { enum: valuesOf(CREDIT_SCORE_RANGES) }),
    /**
     * The loan's named contact on the lender's side (issue "Trust at first sight"): a staff
     * member staff assign on the review page; the borrower sees their name, photo, phone and e-mail.
     */
    contactId: text('contact_id').references(() => user.id, { onDelete: 'set null' }),
    /** A calendar day, 'YYYY-MM-DD'. */
    targetClosingDate: date('target_closing_date', { mode: 'string' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /** Who spoke last in the thread, so the pipeline knows a reply is due. */
    lastMessageFromStaff: boolean('last_message_from_staff'),
    /**
     * What the pipeline search reads, lower-cased: the reference, the property and the
     * borrower's name and e-mail; kept by triggers (migration 0005_loan_file).
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('loan_borrower_idx').on(t.borrowerId, t.createdAt.desc().nullsFirst()),
    // The pipeline, newest submission first, whole and by stage (drafts are not in it).
    index('loan_pipeline_idx').on(t.submittedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('loan_stage_pipeline_idx').on(t.stage, t.submittedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('loan_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    ...enumChecks(t),
    check('loan_amounts_check', sql`coalesce(${t.loanAmount}, 1) > 0 and coalesce(${t.propertyValue}, 1) > 0`),
  ],
);

/** The last loan number given in each year (references are 'OL-{year}-{n}'). */
export const loanReferenceCounter = pgTable('loan_reference_counter', {
  year: integer('year').primaryKey(),
  n: integer('n').notNull(),
});

/** One document the lender needs for a loan: the checklist (issue "The loan file"). */
export const loanItem = pgTable(
  'loan_item',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loan.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: valuesOf(ITEM_STATUSES) })
      .notNull()
      .default('requested'),
    /** The reviewer's reason when the status is needs_attention. */
    reason: text('reason'),
    position: integer('position').notNull(),
    /** Null for the purpose's template; the admin who asked otherwise. */
    requestedBy: text('requested_by').references(() => user.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('loan_item_loan_idx').on(t.loanId, t.position), ...enumChecks(t)],
);

/**
 * What happened to a loan, for its timeline and the staff's history: stage moves (with the
 * note shown to the borrower), and term sheet answers. `actorId` null: the system.
 */
export const loanEvent = pgTable(
  'loan_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loan.id, { onDelete: 'cascade' }),
    fromStage: text('from_stage', { enum: LOAN_STAGE_VALUES }),
    toStage: text('to_stage', { enum: LOAN_STAGE_VALUES }).notNull(),
    note: text('note'),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (t) => [index('loan_event_loan_idx').on(t.loanId, t.createdAt), ...enumChecks(t)],
);

/** The thread between a borrower and the lender's staff about one loan. */
export const loanMessage = pgTable(
  'loan_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loan.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    fromStaff: boolean('from_staff').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('loan_message_loan_idx').on(t.loanId, t.createdAt)],
);

/** Staff's internal notes on a loan: never shown, sent or answered to a borrower. */
export const loanNote = pgTable(
  'loan_note',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loan.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('loan_note_loan_idx').on(t.loanId, t.createdAt)],
);

/**
 * A term sheet issued for a loan (amount in dollars, rate and LTV in percent, points in
 * percent of the amount, term in months, expiry a calendar day). Issuing a new one supersedes
 * the open one. The borrower's answer is recorded with its time and client address.
 */
export const termSheet = pgTable(
  'term_sheet',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loan.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    ratePercent: numeric('rate_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    points: numeric('points', { precision: 4, scale: 2, mode: 'number' }).notNull(),
    termMonths: integer('term_months').notNull(),
    ltv: numeric('ltv', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** The last calendar day it may be accepted. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: TERM_SHEET_STATUSES }).notNull().default('issued'),
    issuedBy: text('issued_by').references(() => user.id, { onDelete: 'set null' }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    respondedIp: text('responded_ip'),
    respondedUserAgent: text('responded_user_agent'),
    // The fees in dollars (issue "Trust at first sight": the term sheet in dollars). Whole dollars.
    underwritingFee: bigint('underwriting_fee', { mode: 'number' }).notNull().default(0),
    legalFee: bigint('legal_fee', { mode: 'number' }).notNull().default(0),
    /** Charged on each construction draw, whole dollars. */
    drawFee: bigint('draw_fee', { mode: 'number' }).notNull().default(0),
    /** Points (percent of the loan) charged to extend the maturity. */
    extensionPoints: numeric('extension_points', { precision: 4, scale: 2, mode: 'number' }).notNull().default(0),
    /** The note rate after a default, percent a year. */
    defaultRatePercent: numeric('default_rate_percent', { precision: 5, scale: 2, mode: 'number' }),
    /** e.g. 'No prepayment penalty' or '3 months' minimum interest'. */
    prepaymentTerms: text('prepayment_terms').notNull().default(''),
    /** The construction or rehab holdback kept from the loan amount and released by draws, whole dollars. */
    holdback: bigint('holdback', { mode: 'number' }).notNull().default(0),
    // The borrower's electronic signature (ESIGN): consent, the typed full name, and the hash of
    // the terms signed (SHA-256 of their canonical text, hex); the time and address are
    // respondedAt and respondedIp. The signed PDF is a document of the loan.
    esignConsentAt: timestamp('esign_consent_at', { withTimezone: true }),
    signedName: text('signed_name'),
    contentHash: text('content_hash'),
    signedDocumentId: uuid('signed_document_id').references((): AnyPgColumn => document.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'term_sheet_fees_check',
      sql`${t.underwritingFee} >= 0 and ${t.legalFee} >= 0 and ${t.drawFee} >= 0 and ${t.holdback} >= 0 and ${t.holdback} < ${t.amount} and ${t.extensionPoints} >= 0`,
    ),
    // A signature is whole: the typed name, the consent and the hash together, on an accepted sheet.
    check(
      'term_sheet_signature_check',
      sql`(${t.signedName} is null and ${t.esignConsentAt} is null and ${t.contentHash} is null) or (${t.signedName} is not null and ${t.esignConsentAt} is not null and ${t.contentHash} is not null and ${t.status} <> 'issued' and ${t.status} <> 'declined')`,
    ),
    index('term_sheet_loan_idx').on(t.loanId, t.createdAt.desc().nullsFirst()),
    // One open term sheet per loan: issuing another supersedes it in the same transaction.
    uniqueIndex('term_sheet_issued_idx')
      .on(t.loanId)
      .where(sql`${t.status} = 'issued'`),
    ...enumChecks(t),
  ],
);

/** A borrower's loan document; the file lives in storage under `storageKey` (bytes in `fileSize`). */
export const document = pgTable(
  'document',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    /** The checklist item it answers; null: one of the borrower's 'General documents'. */
    loanItemId: uuid('loan_item_id').references(() => loanItem.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('document_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('document_loan_item_idx').on(t.loanItemId, t.createdAt),
  ],
);

/** In-app notification (product §3 notifications). */
export const notification = pgTable(
  'notification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type', { enum: TOAST_TYPES }).notNull().default('info'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notification_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()), ...enumChecks(t)],
);

/** A contact inquiry from the public form; status new → read → replied → archived (product decisions). */
export const contact = pgTable(
  'contact',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    note: text('note'),
    status: text('status', { enum: CONTACT_STATUSES }).notNull().default('new'),
    createdAt: createdAt(),
    /**
     * What the admin search reads (product §5: name, e-mail, note and status, case-insensitive),
     * lower-cased once on write so a search compares with LIKE instead of ILIKE per row.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || email || ' ' || coalesce(note, '') || ' ' || status)`),
  },
  (t) => [
    index('contact_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('contact_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('contact_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    ...enumChecks(t),
  ],
);

/** Durable e-mail queue drained by the worker (product decisions: nothing lost if SMTP is down). */
export const outboxEmail = pgTable(
  'outbox_email',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    template: text('template').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Messages about the same thing (one user's interest in one deal) share it while queued. */
    coalesceKey: text('coalesce_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('outbox_coalesce_idx')
      .on(t.coalesceKey)
      .where(sql`${t.status} = 'queued'`),
    index('outbox_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    ...enumChecks(t),
  ],
);

/** Who did what, when: one row per admin action (product decisions audit log). */
export const auditEvent = pgTable(
  'audit_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_event_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    // The audit log's filters by person (as actor or as subject) and by action, newest first.
    index('audit_event_actor_idx').on(t.actorId, t.createdAt.desc().nullsFirst()),
    index('audit_event_subject_idx').on(t.subjectType, t.subjectId, t.createdAt.desc().nullsFirst()),
    index('audit_event_action_idx').on(t.action, t.createdAt.desc().nullsFirst()),
  ],
);

/** One-time spam-check solutions already used, so a replayed one is refused (product decisions). */
export const captchaReplay = pgTable(
  'captcha_replay',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_replay_expires_idx').on(t.expiresAt)],
);

/** Fixed-window request counters for our own routes (contact form), shared by all processes. */
export const requestCounter = pgTable('request_counter', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/**
 * Exact row counts of the admin lists, kept by statement-level triggers (migration
 * 0002_admin_list_counts): list 'contact' has keys 'all' and each status; list 'user' has 'all',
 * 'borrower', 'investor' and 'both'. Key 'version' of each list grows with every change that
 * can alter a search's result, so a cached search count is known to be current.
 */
export const listCount = pgTable(
  'list_count',
  {
    list: text('list').notNull(),
    key: text('key').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.key] })],
);

/**
 * The site's content the lender's staff edit (issue "First impression"): one row per section
 * (SITE_CONTENT_SECTIONS in app/lib/site-content.ts). `published` is what visitors see; `draft`,
 * when set, is an unpublished change staff can preview. A publish gives its section a version
 * above every other section's, so the highest version names the content every server process
 * must show (the anonymous page cache compares it).
 */
export const siteContent = pgTable(
  'site_content',
  {
    section: text('section', { enum: SITE_CONTENT_SECTIONS }).primaryKey(),
    published: jsonb('published').notNull(),
    draft: jsonb('draft'),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: text('published_by').references(() => user.id, { onDelete: 'set null' }),
    draftUpdatedAt: timestamp('draft_updated_at', { withTimezone: true }),
    draftUpdatedBy: text('draft_updated_by').references(() => user.id, { onDelete: 'set null' }),
    /**
     * True while the section holds the demo's sample content (SEED_DEMO): the admin editor marks
     * it as sample until staff publish their own (issue "Trust at first sight").
     */
    sample: boolean('sample').notNull().default(false),
  },
  (t) => [...enumChecks(t)],
);

/**
 * An image staff uploaded for the site (hero pictures, team photos), re-encoded without metadata
 * into the responsive widths the site uses: files `{id}-{w}.avif` and `.webp` under
 * `site/` in storage (served at /site-images/) for each of `widths` (a portrait is square). Public, like avatars.
 */
export const siteImage = pgTable(
  'site_image',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'hero' (16:9, 640–2400 px) or 'portrait' (square, 256 and 512 px). */
    kind: text('kind', { enum: SITE_IMAGE_KINDS }).notNull(),
    widths: integer('widths').array().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [...enumChecks(t)],
);

/**
 * How many days staff aim to take in each stage of the loan file (issue "Trust at first sight"):
 * set in Settings; the borrower's loan page shows the expected date of the next milestone as the
 * day the loan entered its stage plus these days (the lender's day). A stage without a row has no target.
 */
export const stageTarget = pgTable(
  'stage_target',
  {
    stage: text('stage', { enum: LOAN_STAGE_VALUES }).primaryKey(),
    days: integer('days').notNull(),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [...enumChecks(t), check('stage_target_days_check', sql`${t.days} between 1 and 365`)],
);

/**
 * Scheduled daily work done (docs/decisions/0006-scheduled-work.md): one row per job, lender's
 * day and key (a loan id, say), inserted in the same transaction as that work, so the primary key
 * lets each (job, day, key) commit once however many processes run it (app/server/jobs/).
 */
export const jobRun = pgTable(
  'job_run',
  {
    job: text('job').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.day, t.key] })],
);

/**
 * The lender's days a daily job has begun, and when it finished each for every key: the next run
 * starts at the day begun and not finished, else the day after the latest finished, so a process
 * down for days catches up each missed day once, oldest first.
 */
export const jobDay = pgTable(
  'job_day',
  {
    job: text('job').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);

// ---------------------------------------------------------------- servicing (issue 24)
// Money here is integer US cents (bigint, `…Cents`), rates percent a year, days the lender's days.

/**
 * A funded loan's closing record, boarded once when staff move the loan to Funded (issue 24
 * "Boarding"): the note's terms the ledger bills by. Never updated (a trigger refuses it,
 * migration 0015); a correction is a ledger entry with a reason, a new maturity an approved
 * extension.
 */
export const loanServicing = pgTable(
  'loan_servicing',
  {
    loanId: uuid('loan_id')
      .primaryKey()
      .references(() => loan.id, { onDelete: 'cascade' }),
    /** The accepted term sheet the figures came from. */
    termSheetId: uuid('term_sheet_id').references(() => termSheet.id, { onDelete: 'set null' }),
    fundedOn: date('funded_on', { mode: 'string' }).notNull(),
    noteAmountCents: bigint('note_amount_cents', { mode: 'number' }).notNull(),
    ratePercent: numeric('rate_percent', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    points: numeric('points', { precision: 4, scale: 2, mode: 'number' }).notNull(),
    termMonths: integer('term_months').notNull(),
    /** The first installment's due day; later ones fall on the same day of each month. */
    firstPaymentOn: date('first_payment_on', { mode: 'string' }).notNull(),
    maturityOn: date('maturity_on', { mode: 'string' }).notNull(),
    interestMethod: text('interest_method', { enum: valuesOf(INTEREST_METHOD_CHOICES) }).notNull(),
    accrual: text('accrual', { enum: valuesOf(ACCRUALS) }).notNull(),
    /** Percent of the installment. */
    lateChargePercent: numeric('late_charge_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    graceDays: integer('grace_days').notNull(),
    /** The note's minimum late charge (0: none) and maximum (null: none), cents (ledger.ts `LateChargeRule`). */
    lateChargeMinimumCents: bigint('late_charge_minimum_cents', { mode: 'number' }).notNull().default(0),
    lateChargeMaximumCents: bigint('late_charge_maximum_cents', { mode: 'number' }),
    /** A single-family owner-occupied dwelling: Civil Code 2954.4's late-charge limits apply. */
    ownerOccupied: boolean('owner_occupied').notNull().default(false),
    /** How far a payoff received may fall short of what is owed and still pay the loan off (the rest waived), cents. */
    payoffToleranceCents: bigint('payoff_tolerance_cents', { mode: 'number' }).notNull().default(PAYOFF_TOLERANCE_CENTS),
    defaultRatePercent: numeric('default_rate_percent', { precision: 6, scale: 3, mode: 'number' }),
    holdbackCents: bigint('holdback_cents', { mode: 'number' }).notNull().default(0),
    drawFeeCents: bigint('draw_fee_cents', { mode: 'number' }).notNull().default(0),
    /** Points (percent of the note) charged to extend the maturity. */
    extensionPoints: numeric('extension_points', { precision: 4, scale: 2, mode: 'number' }).notNull().default(0),
    reconveyanceFeeCents: bigint('reconveyance_fee_cents', { mode: 'number' }).notNull().default(0),
    boardedBy: text('boarded_by').references(() => user.id, { onDelete: 'set null' }),
    boardedAt: createdAt(),
  },
  (t) => [
    ...enumChecks(t),
    check(
      'loan_servicing_figures_check',
      sql`${t.noteAmountCents} > 0 and ${t.holdbackCents} >= 0 and ${t.holdbackCents} < ${t.noteAmountCents} and ${t.ratePercent} > 0 and ${t.points} >= 0 and ${t.termMonths} between 1 and 120 and ${t.lateChargePercent} >= 0 and ${t.graceDays} between 0 and 60 and ${t.lateChargeMinimumCents} >= 0 and coalesce(${t.lateChargeMaximumCents} >= ${t.lateChargeMinimumCents}, true) and ${t.payoffToleranceCents} >= 0 and ${t.drawFeeCents} >= 0 and ${t.extensionPoints} >= 0 and ${t.reconveyanceFeeCents} >= 0`,
    ),
    check('loan_servicing_days_check', sql`${t.firstPaymentOn} > ${t.fundedOn} and ${t.maturityOn} >= ${t.firstPaymentOn}`),
  ],
);

/** One line of a rehab or construction holdback's budget (from the scope of work), in cents. */
export const holdbackLine = pgTable(
  'holdback_line',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loanServicing.loanId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    budgetCents: bigint('budget_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('holdback_line_position_idx').on(t.loanId, t.position),
    check('holdback_line_budget_check', sql`${t.budgetCents} > 0`),
  ],
);

/**
 * One immutable movement of a funded loan's money (issue 24 "The ledger"; app/lib/servicing/ledger.ts's
 * `LedgerEntry`). Rows are only inserted (a trigger refuses UPDATE and a direct DELETE, migration
 * 0015). `seq` orders them as recorded; the `…After` columns are the balances after this entry,
 * the previous entry's plus this one's effect, computed under the loan's lock, so the latest
 * row's equal the sum of every entry (tests check it) and a list reads a loan's balances in one row.
 */
export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loanServicing.loanId, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The lender's day it takes effect. */
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: valuesOf(LEDGER_ENTRY_KINDS) }).notNull(),
    /** Positive, except an adjustment's (signed, never 0). */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    // How a payment, a reversal or a payoff was applied (null otherwise).
    feesCents: bigint('fees_cents', { mode: 'number' }),
    interestCents: bigint('interest_cents', { mode: 'number' }),
    principalCents: bigint('principal_cents', { mode: 'number' }),
    suspenseCents: bigint('suspense_cents', { mode: 'number' }),
    /** A payoff's cancelled holdback. */
    holdbackReleasedCents: bigint('holdback_released_cents', { mode: 'number' }),
    /** An adjustment's balance. */
    bucket: text('bucket', { enum: valuesOf(ADJUSTED_BUCKETS) }),
    /** An interest bill's period: from (counted) to (not counted). */
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    /** The installment's due day an interest bill or a late charge belongs to. */
    dueOn: date('due_on', { mode: 'string' }),
    /** The payment a reversal undoes: one reversal per payment (unique). */
    reverses: uuid('reverses').references((): AnyPgColumn => ledgerEntry.id),
    /** A fee's description. */
    description: text('description'),
    /** Why: a reversal's, an adjustment's. */
    reason: text('reason'),
    /** A payment's or payoff's method and reference (check number, wire reference…): a reference is unique per loan. */
    method: text('method', { enum: valuesOf(PAYMENT_METHODS) }),
    reference: text('reference'),
    /** The key of the form that recorded a payment: the same form sent twice records it once. */
    idempotencyKey: text('idempotency_key'),
    /** The draw a draw disbursement funds. */
    drawId: uuid('draw_id').references((): AnyPgColumn => drawRequest.id),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    principalAfter: bigint('principal_after', { mode: 'number' }).notNull(),
    holdbackAfter: bigint('holdback_after', { mode: 'number' }).notNull(),
    interestDueAfter: bigint('interest_due_after', { mode: 'number' }).notNull(),
    feesDueAfter: bigint('fees_due_after', { mode: 'number' }).notNull(),
    suspenseAfter: bigint('suspense_after', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    ...enumChecks(t),
    uniqueIndex('ledger_entry_seq_idx').on(t.loanId, t.seq),
    uniqueIndex('ledger_entry_reverses_idx')
      .on(t.reverses)
      .where(sql`${t.reverses} is not null`),
    // One interest bill and at most one late charge per installment, however many processes bill.
    uniqueIndex('ledger_entry_bill_idx')
      .on(t.loanId, t.dueOn)
      .where(sql`${t.kind} = 'interest-billed' and ${t.dueOn} is not null`),
    uniqueIndex('ledger_entry_late_charge_idx')
      .on(t.loanId, t.dueOn)
      .where(sql`${t.kind} = 'late-charge'`),
    // A payment is recorded once: by the form's key, and by its reference (check or wire number).
    uniqueIndex('ledger_entry_idempotency_idx')
      .on(t.loanId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex('ledger_entry_reference_idx')
      .on(t.loanId, t.reference)
      .where(sql`${t.kind} in ('payment', 'payoff') and ${t.reference} is not null`),
    // The servicing list (portfolio.server.ts): a loan's interest bills newest due first, walked
    // back from the latest to find the oldest unpaid one without reading the rest of its ledger.
    index('ledger_entry_bills_due_idx')
      .on(t.loanId, sql`coalesce(${t.dueOn}, ${t.day}) desc`, sql`${t.seq} desc`)
      .where(sql`${t.kind} = 'interest-billed'`),
    // Entries dated after today (rare: recorded ahead), taken out of the latest row's balances.
    index('ledger_entry_day_idx').on(t.day),
    check(
      'ledger_entry_amount_check',
      sql`(${t.kind} = 'adjustment' and ${t.amountCents} <> 0 and ${t.bucket} is not null and ${t.reason} is not null) or (${t.kind} <> 'adjustment' and ${t.amountCents} >= 0)`,
    ),
    check(
      'ledger_entry_application_check',
      sql`${t.kind} not in ('payment', 'payment-reversal', 'payoff', 'suspense-applied') or (${t.feesCents} + ${t.interestCents} + ${t.principalCents} + ${t.suspenseCents} = ${t.amountCents})`,
    ),
    check('ledger_entry_reversal_check', sql`${t.kind} <> 'payment-reversal' or ${t.reverses} is not null`),
    check('ledger_entry_late_charge_check', sql`${t.kind} <> 'late-charge' or ${t.dueOn} is not null`),
    check('ledger_entry_refund_check', sql`${t.kind} <> 'refund' or ${t.reason} is not null`),
  ],
);

/**
 * Where each funded loan stands after its latest ledger entry (issue 24 "Lender's staff": the
 * servicing list at 10,000 loans; docs/decisions/0007-servicing-positions.md). Never written by
 * the application: a statement trigger on ledger_entry (migration 0016) copies the latest row's
 * `…After` balances here in the statement that appends entries, with the due day of the oldest
 * interest bill the interest due leaves unpaid (bills paid oldest first, as schedule.ts
 * `pastDueSince`), so the list reads one row per loan instead of walking 250,000 entries.
 * A cache of the ledger, never a source: tests check it equals the entries' sums.
 */
export const servicingPosition = pgTable('servicing_position', {
  loanId: uuid('loan_id')
    .primaryKey()
    .references(() => loanServicing.loanId, { onDelete: 'cascade' }),
  /** The latest entry's seq. */
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  principalCents: bigint('principal_cents', { mode: 'number' }).notNull(),
  holdbackCents: bigint('holdback_cents', { mode: 'number' }).notNull(),
  interestDueCents: bigint('interest_due_cents', { mode: 'number' }).notNull(),
  feesDueCents: bigint('fees_due_cents', { mode: 'number' }).notNull(),
  suspenseCents: bigint('suspense_cents', { mode: 'number' }).notNull(),
  /** The due day (or a payoff bill's day) of the oldest bill left unpaid by every entry; null when none is. */
  oldestUnpaidDue: date('oldest_unpaid_due', { mode: 'string' }),
});

/**
 * A borrower's request to draw on the holdback (issue 24 "Draw requests"): Submitted →
 * Inspection → Approved (in full or in part, with the reason) → Funded, or Declined; each step's
 * time is kept. `number` counts a loan's draws from 1.
 */
export const drawRequest = pgTable(
  'draw_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loanServicing.loanId, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status', { enum: valuesOf(DRAW_STATUSES) })
      .notNull()
      .default('submitted'),
    /** How the inspector gets in (lockbox code, contact on site). */
    accessNotes: text('access_notes').notNull().default(''),
    /** When the borrower attested the work was done and the funds go to it. */
    attestedAt: timestamp('attested_at', { withTimezone: true }).notNull(),
    /** The draw fee charged when it is funded (the boarded fee, shown before submitting). */
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    inspectedAt: timestamp('inspected_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    fundedAt: timestamp('funded_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    /** Staff's reason for approving in part or declining. */
    decisionReason: text('decision_reason'),
    submittedBy: text('submitted_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    ...enumChecks(t),
    uniqueIndex('draw_request_number_idx').on(t.loanId, t.number),
    index('draw_request_waiting_idx')
      .on(t.loanId)
      .where(sql`${t.status} in ('submitted', 'inspection', 'approved')`),
    check('draw_request_fee_check', sql`${t.feeCents} >= 0`),
  ],
);

/** What a draw asks of one budget line, what the inspection found and what staff approved (cents, percent). */
export const drawLine = pgTable(
  'draw_line',
  {
    drawId: uuid('draw_id')
      .notNull()
      .references(() => drawRequest.id, { onDelete: 'cascade' }),
    lineId: uuid('line_id')
      .notNull()
      .references(() => holdbackLine.id, { onDelete: 'cascade' }),
    requestedCents: bigint('requested_cents', { mode: 'number' }).notNull(),
    /** The inspection's percent complete of the line's work (0–100). */
    percentComplete: numeric('percent_complete', { precision: 5, scale: 2, mode: 'number' }),
    approvedCents: bigint('approved_cents', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.drawId, t.lineId] }),
    check(
      'draw_line_figures_check',
      sql`${t.requestedCents} >= 0 and coalesce(${t.approvedCents}, 0) >= 0 and coalesce(${t.approvedCents}, 0) <= ${t.requestedCents} and coalesce(${t.percentComplete}, 0) between 0 and 100`,
    ),
  ],
);

/** A draw's photos, invoices and lien waiver: documents of the borrower (the streaming upload). */
export const drawFile = pgTable(
  'draw_file',
  {
    drawId: uuid('draw_id')
      .notNull()
      .references(() => drawRequest.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: valuesOf(DRAW_FILE_KINDS) }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.drawId, t.documentId] }), ...enumChecks(t)],
);

/**
 * A monthly statement (issue 24 "Monthly statements"): issued by the billing job on an
 * installment's due day, once per loan and due day; its figures (cents) are the ledger's on that
 * day, and its PDF lives in storage under `storageKey`.
 */
export const loanStatement = pgTable(
  'loan_statement',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loanServicing.loanId, { onDelete: 'cascade' }),
    /** The installment's due day the statement bills. */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    /** The statement's figures in cents (see app/server/domain/servicing), as the PDF prints them. */
    figures: jsonb('figures').notNull(),
    amountDueCents: bigint('amount_due_cents', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('loan_statement_due_idx').on(t.loanId, t.dueOn)],
);

/**
 * A payoff quote (issue 24 "Payoff quote"): asked by the borrower or staff for a good-through day
 * up to 30 days ahead; its figures (cents, ledger.ts's `PayoffQuote`) and PDF are kept as quoted.
 */
export const payoffQuote = pgTable(
  'payoff_quote',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loanServicing.loanId, { onDelete: 'cascade' }),
    goodThrough: date('good_through', { mode: 'string' }).notNull(),
    figures: jsonb('figures').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').unique(),
    fileSize: bigint('file_size', { mode: 'number' }),
    requestedBy: text('requested_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('payoff_quote_loan_idx').on(t.loanId, t.createdAt.desc().nullsFirst())],
);

/** A borrower's request to extend the maturity (issue 24 "Extension request"), decided by staff. */
export const extensionRequest = pgTable(
  'extension_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loanServicing.loanId, { onDelete: 'cascade' }),
    months: integer('months').notNull(),
    /** The maturity before and after, as shown when asked. */
    fromMaturityOn: date('from_maturity_on', { mode: 'string' }).notNull(),
    newMaturityOn: date('new_maturity_on', { mode: 'string' }).notNull(),
    /** The extension fee shown before asking, charged as a ledger fee on approval. */
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: valuesOf(EXTENSION_STATUSES) })
      .notNull()
      .default('requested'),
    reason: text('reason'),
    requestedBy: text('requested_by').references(() => user.id, { onDelete: 'set null' }),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    ...enumChecks(t),
    index('extension_request_loan_idx').on(t.loanId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('extension_request_open_idx')
      .on(t.loanId)
      .where(sql`${t.status} = 'requested'`),
    check(
      'extension_request_figures_check',
      sql`${t.months} between 1 and 24 and ${t.feeCents} >= 0 and ${t.newMaturityOn} > ${t.fromMaturityOn}`,
    ),
  ],
);

// ---------------------------------------------------------------- investor returns (issue 25)

/**
 * An investor's fractional interest in a funded loan (issue 25 "From deal to loan to positions"):
 * a confirmed soft commitment whose funds the lender received. Its share of the note is
 * amount ÷ the note amount, exactly; the lender's own share is the rest. A trigger (migration
 * 0017) refuses positions that would add up to more than the note amount. Never edited.
 */
export const position = pgTable(
  'position',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deal.id, { onDelete: 'restrict' }),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loanServicing.loanId, { onDelete: 'restrict' }),
    investorId: text('investor_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    /** The confirmed commitment that became this position. */
    commitmentId: uuid('commitment_id')
      .notNull()
      .unique('position_commitment_unique')
      .references(() => softCommitment.id, { onDelete: 'restrict' }),
    /** Funds received, in cents. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The lender's day the funds were received: the position earns from this day on. */
    fundedOn: date('funded_on', { mode: 'string' }).notNull(),
    method: text('method', { enum: valuesOf(PAYMENT_METHODS) }).notNull(),
    reference: text('reference').notNull(),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    ...enumChecks(t),
    uniqueIndex('position_loan_investor_idx').on(t.loanId, t.investorId),
    index('position_investor_idx').on(t.investorId, t.fundedOn),
    index('position_deal_idx').on(t.dealId),
    check('position_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A distribution run (issue 25 "Distribution runs"): staff open it for a period, preview it
 * (computed, not stored), approve it (its lines and payments are written once, in one
 * transaction: approving twice pays once) and mark it paid with the bank's reference. A run
 * distributes every applied entry dated up to `periodTo` that no earlier run distributed.
 * At most one run is open or approved at a time.
 */
export const distributionRun = pgTable(
  'distribution_run',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').generatedAlwaysAsIdentity().notNull(),
    /** The period's first and last lender's days (inclusive). */
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    status: text('status', { enum: valuesOf(RUN_STATUSES) })
      .notNull()
      .default('open'),
    openedBy: text('opened_by').references(() => user.id, { onDelete: 'set null' }),
    openedAt: createdAt(),
    approvedBy: text('approved_by').references(() => user.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidBy: text('paid_by').references(() => user.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The lender's day the bank paid and the payment's reference (a batch or wire reference). */
    paidOn: date('paid_on', { mode: 'string' }),
    paymentReference: text('payment_reference'),
    // Totals fixed at approval, in cents: cash applied = investors + lender + spread.
    cashCents: bigint('cash_cents', { mode: 'number' }),
    investorsCents: bigint('investors_cents', { mode: 'number' }),
    lenderCents: bigint('lender_cents', { mode: 'number' }),
    spreadCents: bigint('spread_cents', { mode: 'number' }),
  },
  (t) => [
    ...enumChecks(t),
    uniqueIndex('distribution_run_number_idx').on(t.number),
    uniqueIndex('distribution_run_unpaid_idx')
      .on(sql`(true)`)
      .where(sql`${t.status} in ('open', 'approved')`),
    check('distribution_run_period_check', sql`${t.periodFrom} <= ${t.periodTo}`),
    check(
      'distribution_run_totals_check',
      sql`${t.status} = 'open' or (${t.cashCents} = ${t.investorsCents} + ${t.lenderCents} + ${t.spreadCents})`,
    ),
    check(
      'distribution_run_paid_check',
      sql`${t.status} <> 'paid' or (${t.paidOn} is not null and ${t.paymentReference} is not null)`,
    ),
  ],
);

/**
 * One ledger entry's split to one party, written when its run is approved (issue 25
 * "Distributions"; app/lib/returns/allocation.ts): a position's row, or the lender's (no
 * position) with the servicing spread. One row per entry and party (NULLS NOT DISTINCT), so an
 * entry is distributed once, whatever runs or processes try again.
 */
export const distributionLine = pgTable(
  'distribution_line',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => distributionRun.id, { onDelete: 'restrict' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntry.id, { onDelete: 'restrict' }),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loanServicing.loanId, { onDelete: 'restrict' }),
    /** Null on the lender's row. */
    positionId: uuid('position_id').references(() => position.id, { onDelete: 'restrict' }),
    investorId: text('investor_id').references(() => user.id, { onDelete: 'restrict' }),
    /** The entry's lender's day. */
    day: date('day', { mode: 'string' }).notNull(),
    interestCents: bigint('interest_cents', { mode: 'number' }).notNull(),
    principalCents: bigint('principal_cents', { mode: 'number' }).notNull(),
    feesCents: bigint('fees_cents', { mode: 'number' }).notNull(),
    /** The servicing spread (the lender's row only; 0 on a position's). */
    spreadCents: bigint('spread_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('distribution_line_entry_party_unique').on(t.entryId, t.positionId).nullsNotDistinct(),
    index('distribution_line_run_idx').on(t.runId, t.investorId),
    index('distribution_line_investor_idx').on(t.investorId, t.day),
    index('distribution_line_position_idx').on(t.positionId, t.day),
    check('distribution_line_party_check', sql`(${t.positionId} is null) = (${t.investorId} is null)`),
    check('distribution_line_spread_check', sql`${t.positionId} is null or ${t.spreadCents} = 0`),
  ],
);

/**
 * What a run pays one investor (issue 25 "Distribution runs"): the sum of their lines, plus what
 * an earlier run left owing (a reversal can make a run's sum negative: nothing is paid and the
 * shortfall is carried into the next run). Written at approval with the lines.
 */
export const distributionPayment = pgTable(
  'distribution_payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => distributionRun.id, { onDelete: 'restrict' }),
    investorId: text('investor_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    interestCents: bigint('interest_cents', { mode: 'number' }).notNull(),
    principalCents: bigint('principal_cents', { mode: 'number' }).notNull(),
    feesCents: bigint('fees_cents', { mode: 'number' }).notNull(),
    /** A shortfall carried in from the investor's previous run (0 or negative). */
    carriedInCents: bigint('carried_in_cents', { mode: 'number' }).notNull().default(0),
    /** What the bank pays: max(0, interest + principal + fees + carried in). */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** What is carried into the next run: min(0, the same sum). */
    carriedOutCents: bigint('carried_out_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('distribution_payment_run_investor_idx').on(t.runId, t.investorId),
    index('distribution_payment_investor_idx').on(t.investorId),
    check(
      'distribution_payment_sum_check',
      sql`${t.amountCents} >= 0 and ${t.carriedOutCents} <= 0 and ${t.carriedInCents} <= 0 and ${t.amountCents} + ${t.carriedOutCents} = ${t.interestCents} + ${t.principalCents} + ${t.feesCents} + ${t.carriedInCents}`,
    ),
  ],
);

/**
 * A year's tax statement for one investor (issue 25 "Documents", 1099-INT figures): the interest
 * paid to them in runs paid in that calendar year. Issued by staff's year-end tax run; a
 * correction is a new version, never an edit (`version` counts from 1, `reason` says why).
 */
export const taxStatement = pgTable(
  'tax_statement',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    investorId: text('investor_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    version: integer('version').notNull().default(1),
    interestCents: bigint('interest_cents', { mode: 'number' }).notNull(),
    reason: text('reason'),
    issuedBy: text('issued_by').references(() => user.id, { onDelete: 'set null' }),
    issuedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tax_statement_version_idx').on(t.investorId, t.year, t.version),
    index('tax_statement_year_idx').on(t.year),
    check('tax_statement_figures_check', sql`${t.interestCents} >= 0 and ${t.version} >= 1 and ${t.year} between 2000 and 2200`),
  ],
);

/**
 * News of a loan for its investors (issue 25 "Loan updates"): the platform's own when the loan
 * goes 30 days late, into default, is extended or paid off (one per loan, kind and `episode`,
 * e.g. the oldest unpaid due day, however many processes notice), and staff's posts on a
 * troubled loan (kind 'note'). Each is announced to the loan's investors in the portal and by e-mail.
 */
export const loanUpdate = pgTable(
  'loan_update',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loanServicing.loanId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: valuesOf(LOAN_UPDATE_KINDS) }).notNull(),
    /** What makes an event the same one (null on staff's posts). */
    episode: text('episode'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    ...enumChecks(t),
    uniqueIndex('loan_update_event_idx')
      .on(t.loanId, t.kind, t.episode)
      .where(sql`${t.kind} <> 'note'`),
    index('loan_update_loan_idx').on(t.loanId, t.createdAt.desc().nullsFirst()),
    check('loan_update_episode_check', sql`${t.kind} = 'note' or ${t.episode} is not null`),
  ],
);
