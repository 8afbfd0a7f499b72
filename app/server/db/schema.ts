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
    /** The loan's interest rate, percent a year (admin label 'Interest rate'). */
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
