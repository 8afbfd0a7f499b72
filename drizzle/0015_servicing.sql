CREATE TABLE "draw_file" (
	"draw_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "draw_file_draw_id_document_id_pk" PRIMARY KEY("draw_id","document_id"),
	CONSTRAINT "draw_file_kind_check" CHECK ("draw_file"."kind" in ('photo', 'invoice', 'lien-waiver'))
);
--> statement-breakpoint
CREATE TABLE "draw_line" (
	"draw_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"requested_cents" bigint NOT NULL,
	"percent_complete" numeric(5, 2),
	"approved_cents" bigint,
	CONSTRAINT "draw_line_draw_id_line_id_pk" PRIMARY KEY("draw_id","line_id"),
	CONSTRAINT "draw_line_figures_check" CHECK ("draw_line"."requested_cents" >= 0 and coalesce("draw_line"."approved_cents", 0) >= 0 and coalesce("draw_line"."approved_cents", 0) <= "draw_line"."requested_cents" and coalesce("draw_line"."percent_complete", 0) between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "draw_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"access_notes" text DEFAULT '' NOT NULL,
	"attested_at" timestamp with time zone NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inspected_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"funded_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decision_reason" text,
	"submitted_by" text,
	CONSTRAINT "draw_request_status_check" CHECK ("draw_request"."status" in ('submitted', 'inspection', 'approved', 'funded', 'declined')),
	CONSTRAINT "draw_request_fee_check" CHECK ("draw_request"."fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "extension_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"months" integer NOT NULL,
	"from_maturity_on" date NOT NULL,
	"new_maturity_on" date NOT NULL,
	"fee_cents" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text,
	"requested_by" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extension_request_status_check" CHECK ("extension_request"."status" in ('requested', 'approved', 'declined')),
	CONSTRAINT "extension_request_figures_check" CHECK ("extension_request"."months" between 1 and 24 and "extension_request"."fee_cents" >= 0 and "extension_request"."new_maturity_on" > "extension_request"."from_maturity_on")
);
--> statement-breakpoint
CREATE TABLE "holdback_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"budget_cents" bigint NOT NULL,
	CONSTRAINT "holdback_line_budget_check" CHECK ("holdback_line"."budget_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entry_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fees_cents" bigint,
	"interest_cents" bigint,
	"principal_cents" bigint,
	"suspense_cents" bigint,
	"holdback_released_cents" bigint,
	"bucket" text,
	"period_from" date,
	"period_to" date,
	"due_on" date,
	"reverses" uuid,
	"description" text,
	"reason" text,
	"method" text,
	"reference" text,
	"draw_id" uuid,
	"actor_id" text,
	"actor_name" text,
	"principal_after" bigint NOT NULL,
	"holdback_after" bigint NOT NULL,
	"interest_due_after" bigint NOT NULL,
	"fees_due_after" bigint NOT NULL,
	"suspense_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entry_kind_check" CHECK ("ledger_entry"."kind" in ('closing-disbursement', 'draw-disbursement', 'interest-billed', 'payment', 'late-charge', 'fee', 'payment-reversal', 'adjustment', 'payoff')),
	CONSTRAINT "ledger_entry_bucket_check" CHECK ("ledger_entry"."bucket" in ('principal', 'holdback', 'interest', 'fees', 'suspense')),
	CONSTRAINT "ledger_entry_method_check" CHECK ("ledger_entry"."method" in ('ach', 'wire', 'check', 'other')),
	CONSTRAINT "ledger_entry_amount_check" CHECK (("ledger_entry"."kind" = 'adjustment' and "ledger_entry"."amount_cents" <> 0 and "ledger_entry"."bucket" is not null and "ledger_entry"."reason" is not null) or ("ledger_entry"."kind" <> 'adjustment' and "ledger_entry"."amount_cents" >= 0)),
	CONSTRAINT "ledger_entry_application_check" CHECK ("ledger_entry"."kind" not in ('payment', 'payment-reversal', 'payoff') or ("ledger_entry"."fees_cents" + "ledger_entry"."interest_cents" + "ledger_entry"."principal_cents" + "ledger_entry"."suspense_cents" = "ledger_entry"."amount_cents")),
	CONSTRAINT "ledger_entry_reversal_check" CHECK ("ledger_entry"."kind" <> 'payment-reversal' or "ledger_entry"."reverses" is not null),
	CONSTRAINT "ledger_entry_late_charge_check" CHECK ("ledger_entry"."kind" <> 'late-charge' or "ledger_entry"."due_on" is not null)
);
--> statement-breakpoint
CREATE TABLE "loan_servicing" (
	"loan_id" uuid PRIMARY KEY NOT NULL,
	"term_sheet_id" uuid,
	"funded_on" date NOT NULL,
	"note_amount_cents" bigint NOT NULL,
	"rate_percent" numeric(6, 3) NOT NULL,
	"points" numeric(4, 2) NOT NULL,
	"term_months" integer NOT NULL,
	"first_payment_on" date NOT NULL,
	"maturity_on" date NOT NULL,
	"interest_method" text NOT NULL,
	"accrual" text NOT NULL,
	"late_charge_percent" numeric(5, 2) NOT NULL,
	"grace_days" integer NOT NULL,
	"default_rate_percent" numeric(6, 3),
	"holdback_cents" bigint DEFAULT 0 NOT NULL,
	"draw_fee_cents" bigint DEFAULT 0 NOT NULL,
	"extension_points" numeric(4, 2) DEFAULT 0 NOT NULL,
	"reconveyance_fee_cents" bigint DEFAULT 0 NOT NULL,
	"boarded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_servicing_interest_method_check" CHECK ("loan_servicing"."interest_method" in ('30/360', 'actual/360')),
	CONSTRAINT "loan_servicing_accrual_check" CHECK ("loan_servicing"."accrual" in ('disbursed', 'whole-note')),
	CONSTRAINT "loan_servicing_figures_check" CHECK ("loan_servicing"."note_amount_cents" > 0 and "loan_servicing"."holdback_cents" >= 0 and "loan_servicing"."holdback_cents" < "loan_servicing"."note_amount_cents" and "loan_servicing"."rate_percent" > 0 and "loan_servicing"."points" >= 0 and "loan_servicing"."term_months" between 1 and 120 and "loan_servicing"."late_charge_percent" >= 0 and "loan_servicing"."grace_days" between 0 and 60 and "loan_servicing"."draw_fee_cents" >= 0 and "loan_servicing"."extension_points" >= 0 and "loan_servicing"."reconveyance_fee_cents" >= 0),
	CONSTRAINT "loan_servicing_days_check" CHECK ("loan_servicing"."first_payment_on" > "loan_servicing"."funded_on" and "loan_servicing"."maturity_on" >= "loan_servicing"."first_payment_on")
);
--> statement-breakpoint
CREATE TABLE "loan_statement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"figures" jsonb NOT NULL,
	"amount_due_cents" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"file_size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_statement_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "payoff_quote" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"good_through" date NOT NULL,
	"figures" jsonb NOT NULL,
	"total_cents" bigint NOT NULL,
	"storage_key" text,
	"file_size" bigint,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payoff_quote_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "draw_file" ADD CONSTRAINT "draw_file_draw_id_draw_request_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draw_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_file" ADD CONSTRAINT "draw_file_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_line" ADD CONSTRAINT "draw_line_draw_id_draw_request_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draw_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_line" ADD CONSTRAINT "draw_line_line_id_holdback_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."holdback_line"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_request" ADD CONSTRAINT "draw_request_loan_id_loan_servicing_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_servicing"("loan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_request" ADD CONSTRAINT "draw_request_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_request" ADD CONSTRAINT "extension_request_loan_id_loan_servicing_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_servicing"("loan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_request" ADD CONSTRAINT "extension_request_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_request" ADD CONSTRAINT "extension_request_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdback_line" ADD CONSTRAINT "holdback_line_loan_id_loan_servicing_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_servicing"("loan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_loan_id_loan_servicing_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_servicing"("loan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_reverses_ledger_entry_id_fk" FOREIGN KEY ("reverses") REFERENCES "public"."ledger_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_draw_id_draw_request_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draw_request"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_servicing" ADD CONSTRAINT "loan_servicing_loan_id_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_servicing" ADD CONSTRAINT "loan_servicing_term_sheet_id_term_sheet_id_fk" FOREIGN KEY ("term_sheet_id") REFERENCES "public"."term_sheet"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_servicing" ADD CONSTRAINT "loan_servicing_boarded_by_user_id_fk" FOREIGN KEY ("boarded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_statement" ADD CONSTRAINT "loan_statement_loan_id_loan_servicing_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_servicing"("loan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payoff_quote" ADD CONSTRAINT "payoff_quote_loan_id_loan_servicing_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_servicing"("loan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payoff_quote" ADD CONSTRAINT "payoff_quote_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draw_request_number_idx" ON "draw_request" USING btree ("loan_id","number");--> statement-breakpoint
CREATE INDEX "draw_request_waiting_idx" ON "draw_request" USING btree ("loan_id") WHERE "draw_request"."status" in ('submitted', 'inspection', 'approved');--> statement-breakpoint
CREATE INDEX "extension_request_loan_idx" ON "extension_request" USING btree ("loan_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "extension_request_open_idx" ON "extension_request" USING btree ("loan_id") WHERE "extension_request"."status" = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "holdback_line_position_idx" ON "holdback_line" USING btree ("loan_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_seq_idx" ON "ledger_entry" USING btree ("loan_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_reverses_idx" ON "ledger_entry" USING btree ("reverses") WHERE "ledger_entry"."reverses" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_bill_idx" ON "ledger_entry" USING btree ("loan_id","due_on") WHERE "ledger_entry"."kind" = 'interest-billed' and "ledger_entry"."due_on" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_late_charge_idx" ON "ledger_entry" USING btree ("loan_id","due_on") WHERE "ledger_entry"."kind" = 'late-charge';--> statement-breakpoint
CREATE UNIQUE INDEX "loan_statement_due_idx" ON "loan_statement" USING btree ("loan_id","due_on");--> statement-breakpoint
CREATE INDEX "payoff_quote_loan_idx" ON "payoff_quote" USING btree ("loan_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
-- The closing record and the ledger are never edited (issue 24: corrections are new entries with
-- a reason). A row goes only with its loan (a cascade, which runs inside another trigger).
CREATE FUNCTION servicing_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% rows are never changed or deleted; record a new entry with a reason', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entry_immutable BEFORE UPDATE OR DELETE ON "ledger_entry"
  FOR EACH ROW EXECUTE FUNCTION servicing_immutable();
--> statement-breakpoint
CREATE TRIGGER loan_servicing_immutable BEFORE UPDATE OR DELETE ON "loan_servicing"
  FOR EACH ROW EXECUTE FUNCTION servicing_immutable();
