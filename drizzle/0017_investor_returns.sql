CREATE TABLE "distribution_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"loan_id" uuid NOT NULL,
	"position_id" uuid,
	"investor_id" text,
	"day" date NOT NULL,
	"interest_cents" bigint NOT NULL,
	"principal_cents" bigint NOT NULL,
	"fees_cents" bigint NOT NULL,
	"spread_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "distribution_line_entry_party_unique" UNIQUE NULLS NOT DISTINCT("entry_id","position_id"),
	CONSTRAINT "distribution_line_party_check" CHECK (("distribution_line"."position_id" is null) = ("distribution_line"."investor_id" is null)),
	CONSTRAINT "distribution_line_spread_check" CHECK ("distribution_line"."position_id" is null or "distribution_line"."spread_cents" = 0)
);
--> statement-breakpoint
CREATE TABLE "distribution_payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"investor_id" text NOT NULL,
	"interest_cents" bigint NOT NULL,
	"principal_cents" bigint NOT NULL,
	"fees_cents" bigint NOT NULL,
	"carried_in_cents" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint NOT NULL,
	"carried_out_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "distribution_payment_sum_check" CHECK ("distribution_payment"."amount_cents" >= 0 and "distribution_payment"."carried_out_cents" <= 0 and "distribution_payment"."carried_in_cents" <= 0 and "distribution_payment"."amount_cents" + "distribution_payment"."carried_out_cents" = "distribution_payment"."interest_cents" + "distribution_payment"."principal_cents" + "distribution_payment"."fees_cents" + "distribution_payment"."carried_in_cents")
);
--> statement-breakpoint
CREATE TABLE "distribution_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "distribution_run_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"paid_by" text,
	"paid_at" timestamp with time zone,
	"paid_on" date,
	"payment_reference" text,
	"cash_cents" bigint,
	"investors_cents" bigint,
	"lender_cents" bigint,
	"spread_cents" bigint,
	CONSTRAINT "distribution_run_status_check" CHECK ("distribution_run"."status" in ('open', 'approved', 'paid')),
	CONSTRAINT "distribution_run_period_check" CHECK ("distribution_run"."period_from" <= "distribution_run"."period_to"),
	CONSTRAINT "distribution_run_totals_check" CHECK ("distribution_run"."status" = 'open' or ("distribution_run"."cash_cents" = "distribution_run"."investors_cents" + "distribution_run"."lender_cents" + "distribution_run"."spread_cents")),
	CONSTRAINT "distribution_run_paid_check" CHECK ("distribution_run"."status" <> 'paid' or ("distribution_run"."paid_on" is not null and "distribution_run"."payment_reference" is not null))
);
--> statement-breakpoint
CREATE TABLE "loan_update" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"episode" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_update_kind_check" CHECK ("loan_update"."kind" in ('late-30', 'default', 'extended', 'paid-off', 'note')),
	CONSTRAINT "loan_update_episode_check" CHECK ("loan_update"."kind" = 'note' or "loan_update"."episode" is not null)
);
--> statement-breakpoint
CREATE TABLE "position" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"loan_id" uuid NOT NULL,
	"investor_id" text NOT NULL,
	"commitment_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"funded_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "position_commitment_unique" UNIQUE("commitment_id"),
	CONSTRAINT "position_method_check" CHECK ("position"."method" in ('ach', 'wire', 'check', 'other')),
	CONSTRAINT "position_amount_check" CHECK ("position"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "tax_statement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" text NOT NULL,
	"year" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"interest_cents" bigint NOT NULL,
	"reason" text,
	"issued_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_statement_figures_check" CHECK ("tax_statement"."interest_cents" >= 0 and "tax_statement"."version" >= 1 and "tax_statement"."year" between 2000 and 2200)
);
--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "fees_to" text DEFAULT 'lender' NOT NULL;--> statement-breakpoint
ALTER TABLE "distribution_line" ADD CONSTRAINT "distribution_line_run_id_distribution_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."distribution_run"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_line" ADD CONSTRAINT "distribution_line_entry_id_ledger_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entry"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_line" ADD CONSTRAINT "distribution_line_loan_id_loan_servicing_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_servicing"("loan_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_line" ADD CONSTRAINT "distribution_line_position_id_position_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."position"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_line" ADD CONSTRAINT "distribution_line_investor_id_user_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_payment" ADD CONSTRAINT "distribution_payment_run_id_distribution_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."distribution_run"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_payment" ADD CONSTRAINT "distribution_payment_investor_id_user_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_run" ADD CONSTRAINT "distribution_run_opened_by_user_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_run" ADD CONSTRAINT "distribution_run_approved_by_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_run" ADD CONSTRAINT "distribution_run_paid_by_user_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_update" ADD CONSTRAINT "loan_update_loan_id_loan_servicing_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_servicing"("loan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_update" ADD CONSTRAINT "loan_update_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position" ADD CONSTRAINT "position_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position" ADD CONSTRAINT "position_loan_id_loan_servicing_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_servicing"("loan_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position" ADD CONSTRAINT "position_investor_id_user_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position" ADD CONSTRAINT "position_commitment_id_soft_commitment_id_fk" FOREIGN KEY ("commitment_id") REFERENCES "public"."soft_commitment"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position" ADD CONSTRAINT "position_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_statement" ADD CONSTRAINT "tax_statement_investor_id_user_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_statement" ADD CONSTRAINT "tax_statement_issued_by_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distribution_line_run_idx" ON "distribution_line" USING btree ("run_id","investor_id");--> statement-breakpoint
CREATE INDEX "distribution_line_investor_idx" ON "distribution_line" USING btree ("investor_id","day");--> statement-breakpoint
CREATE INDEX "distribution_line_position_idx" ON "distribution_line" USING btree ("position_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_payment_run_investor_idx" ON "distribution_payment" USING btree ("run_id","investor_id");--> statement-breakpoint
CREATE INDEX "distribution_payment_investor_idx" ON "distribution_payment" USING btree ("investor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_run_number_idx" ON "distribution_run" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_run_unpaid_idx" ON "distribution_run" USING btree ((true)) WHERE "distribution_run"."status" in ('open', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "loan_update_event_idx" ON "loan_update" USING btree ("loan_id","kind","episode") WHERE "loan_update"."kind" <> 'note';--> statement-breakpoint
CREATE INDEX "loan_update_loan_idx" ON "loan_update" USING btree ("loan_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "position_loan_investor_idx" ON "position" USING btree ("loan_id","investor_id");--> statement-breakpoint
CREATE INDEX "position_investor_idx" ON "position" USING btree ("investor_id","funded_on");--> statement-breakpoint
CREATE INDEX "position_deal_idx" ON "position" USING btree ("deal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_statement_version_idx" ON "tax_statement" USING btree ("investor_id","year","version");--> statement-breakpoint
CREATE INDEX "tax_statement_year_idx" ON "tax_statement" USING btree ("year");--> statement-breakpoint
ALTER TABLE "deal" ADD CONSTRAINT "deal_fees_to_check" CHECK ("deal"."fees_to" in ('lender', 'investors'));--> statement-breakpoint
-- Positions, distribution lines and payments, and tax statements are records of money moved or
-- reported: never changed or deleted (a correction is a new row), as the ledger's entries.
CREATE TRIGGER position_immutable BEFORE UPDATE OR DELETE ON "position"
  FOR EACH ROW EXECUTE FUNCTION servicing_immutable();
--> statement-breakpoint
CREATE TRIGGER distribution_line_immutable BEFORE UPDATE OR DELETE ON "distribution_line"
  FOR EACH ROW EXECUTE FUNCTION servicing_immutable();
--> statement-breakpoint
CREATE TRIGGER distribution_payment_immutable BEFORE UPDATE OR DELETE ON "distribution_payment"
  FOR EACH ROW EXECUTE FUNCTION servicing_immutable();
--> statement-breakpoint
CREATE TRIGGER tax_statement_immutable BEFORE UPDATE OR DELETE ON "tax_statement"
  FOR EACH ROW EXECUTE FUNCTION servicing_immutable();
--> statement-breakpoint
-- A loan's positions never add up to more than its note amount (the lender's own share is the
-- rest, so the shares sum to exactly one). The loan's closing row is locked first, so two
-- positions recorded at once on one loan are checked one after the other.
CREATE FUNCTION position_within_note() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  note bigint;
  held bigint;
BEGIN
  SELECT note_amount_cents INTO note FROM loan_servicing WHERE loan_id = NEW.loan_id FOR UPDATE;
  SELECT coalesce(sum(amount_cents), 0) INTO held FROM "position" WHERE loan_id = NEW.loan_id;
  IF held > note THEN
    RAISE EXCEPTION 'the positions on loan % add up to % cents, more than the note amount of % cents', NEW.loan_id, held, note
      USING ERRCODE = 'check_violation', CONSTRAINT = 'position_within_note';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER position_within_note AFTER INSERT ON "position"
  FOR EACH ROW EXECUTE FUNCTION position_within_note();
