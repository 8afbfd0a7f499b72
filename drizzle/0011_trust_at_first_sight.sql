CREATE TABLE "stage_target" (
	"stage" text PRIMARY KEY NOT NULL,
	"days" integer NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stage_target_stage_check" CHECK ("stage_target"."stage" in ('draft', 'submitted', 'in_review', 'term_sheet', 'processing', 'approved', 'closing', 'funded', 'paid_off', 'declined', 'withdrawn')),
	CONSTRAINT "stage_target_days_check" CHECK ("stage_target"."days" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "loan" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "loan" ADD COLUMN "credit_score_range" text;--> statement-breakpoint
ALTER TABLE "loan" ADD COLUMN "contact_id" text;--> statement-breakpoint
ALTER TABLE "site_content" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "term_sheet" ADD COLUMN "underwriting_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "term_sheet" ADD COLUMN "legal_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "term_sheet" ADD COLUMN "draw_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "term_sheet" ADD COLUMN "extension_points" numeric(4, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "term_sheet" ADD COLUMN "default_rate_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "term_sheet" ADD COLUMN "prepayment_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "term_sheet" ADD COLUMN "holdback" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "term_sheet" ADD COLUMN "esign_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "term_sheet" ADD COLUMN "signed_name" text;--> statement-breakpoint
ALTER TABLE "term_sheet" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "term_sheet" ADD COLUMN "signed_document_id" uuid;--> statement-breakpoint
ALTER TABLE "stage_target" ADD CONSTRAINT "stage_target_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan" ADD CONSTRAINT "loan_contact_id_user_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_sheet" ADD CONSTRAINT "term_sheet_signed_document_id_document_id_fk" FOREIGN KEY ("signed_document_id") REFERENCES "public"."document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan" ADD CONSTRAINT "loan_credit_score_range_check" CHECK ("loan"."credit_score_range" in ('under-620', '620-679', '680-719', '720-759', '760-plus'));--> statement-breakpoint
ALTER TABLE "term_sheet" ADD CONSTRAINT "term_sheet_fees_check" CHECK ("term_sheet"."underwriting_fee" >= 0 and "term_sheet"."legal_fee" >= 0 and "term_sheet"."draw_fee" >= 0 and "term_sheet"."holdback" >= 0 and "term_sheet"."holdback" < "term_sheet"."amount" and "term_sheet"."extension_points" >= 0);--> statement-breakpoint
ALTER TABLE "term_sheet" ADD CONSTRAINT "term_sheet_signature_check" CHECK (("term_sheet"."signed_name" is null and "term_sheet"."esign_consent_at" is null and "term_sheet"."content_hash" is null) or ("term_sheet"."signed_name" is not null and "term_sheet"."esign_consent_at" is not null and "term_sheet"."content_hash" is not null and "term_sheet"."status" <> 'issued' and "term_sheet"."status" <> 'declined'));