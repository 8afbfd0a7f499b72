CREATE TABLE "accreditation_record" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" text NOT NULL,
	"method" text NOT NULL,
	"established_on" text NOT NULL,
	"expires_on" text,
	"letter_key" text,
	"letter_file_name" text,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"reminded_30_at" timestamp with time zone,
	"reminded_7_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accreditation_record_letter_key_unique" UNIQUE("letter_key"),
	CONSTRAINT "accreditation_record_method_check" CHECK ("accreditation_record"."method" in ('self_certified', 'professional_letter', 'lender_verified'))
);
--> statement-breakpoint
CREATE TABLE "data_room_acknowledgement" (
	"investor_id" text NOT NULL,
	"deal_id" uuid NOT NULL,
	"statement_version" text NOT NULL,
	"client_ip" text,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_room_acknowledgement_investor_id_deal_id_pk" PRIMARY KEY("investor_id","deal_id")
);
--> statement-breakpoint
CREATE TABLE "data_room_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"audience" text DEFAULT 'investors' NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"file_size" bigint NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_room_document_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "data_room_document_audience_check" CHECK ("data_room_document"."audience" in ('investors', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "soft_commitment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"investor_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "soft_commitment_amount_check" CHECK ("soft_commitment"."amount" > 0),
	CONSTRAINT "soft_commitment_status_check" CHECK ("soft_commitment"."status" in ('indicated', 'waitlisted', 'confirmed', 'funded', 'declined', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "suitability_statement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" text NOT NULL,
	"deal_id" uuid NOT NULL,
	"form_version" text NOT NULL,
	"form_text" text NOT NULL,
	"answers" jsonb NOT NULL,
	"client_ip" text,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "amount_to_raise" bigint;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "investment_step" bigint DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "lien_position" text DEFAULT 'first' NOT NULL;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "loan_purpose" text;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "borrower_experience" text;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "exit_strategy" text;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "risk_factors" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Existing deals raise their loan amount, in steps that divide their minimum (gcd with $1,000).
UPDATE "deal" SET "amount_to_raise" = greatest("loan_amount", "minimum_investment"), "investment_step" = gcd("minimum_investment", 1000);--> statement-breakpoint
ALTER TABLE "deal" ALTER COLUMN "amount_to_raise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "accreditation_record" ADD CONSTRAINT "accreditation_record_investor_id_user_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accreditation_record" ADD CONSTRAINT "accreditation_record_verified_by_user_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_room_acknowledgement" ADD CONSTRAINT "data_room_acknowledgement_investor_id_user_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_room_acknowledgement" ADD CONSTRAINT "data_room_acknowledgement_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_room_document" ADD CONSTRAINT "data_room_document_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_room_document" ADD CONSTRAINT "data_room_document_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soft_commitment" ADD CONSTRAINT "soft_commitment_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soft_commitment" ADD CONSTRAINT "soft_commitment_investor_id_user_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suitability_statement" ADD CONSTRAINT "suitability_statement_investor_id_user_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suitability_statement" ADD CONSTRAINT "suitability_statement_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accreditation_record_investor_idx" ON "accreditation_record" USING btree ("investor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "accreditation_record_expiry_idx" ON "accreditation_record" USING btree ("expires_on");--> statement-breakpoint
CREATE INDEX "data_room_document_deal_idx" ON "data_room_document" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "soft_commitment_open_idx" ON "soft_commitment" USING btree ("deal_id","investor_id") WHERE "soft_commitment"."status" in ('indicated', 'waitlisted', 'confirmed', 'funded');--> statement-breakpoint
CREATE INDEX "soft_commitment_deal_idx" ON "soft_commitment" USING btree ("deal_id","status","queued_at");--> statement-breakpoint
CREATE INDEX "soft_commitment_investor_idx" ON "soft_commitment" USING btree ("investor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "suitability_statement_investor_deal_idx" ON "suitability_statement" USING btree ("investor_id","deal_id");--> statement-breakpoint
ALTER TABLE "deal" ADD CONSTRAINT "deal_lien_position_check" CHECK ("deal"."lien_position" in ('first', 'second'));--> statement-breakpoint
ALTER TABLE "deal" ADD CONSTRAINT "deal_investment_check" CHECK ("deal"."investment_step" > 0 and "deal"."minimum_investment" > 0 and "deal"."minimum_investment" % "deal"."investment_step" = 0 and "deal"."amount_to_raise" >= "deal"."minimum_investment");--> statement-breakpoint
-- Investors who self-certified at sign-up get that record: established on their sign-up day and
-- valid for 12 months (docs/product.md §11), dates in the lender's zone.
INSERT INTO "accreditation_record" ("investor_id", "method", "established_on", "expires_on", "verified_at")
SELECT "user_id", 'self_certified',
       to_char("created_at" at time zone 'America/Los_Angeles', 'YYYY-MM-DD'),
       to_char(("created_at" at time zone 'America/Los_Angeles') + interval '12 months', 'YYYY-MM-DD'),
       "created_at"
  FROM "profile" WHERE "is_investor" AND "is_accredited" IS TRUE;