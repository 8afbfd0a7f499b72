CREATE TABLE "loan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text,
	"borrower_id" text NOT NULL,
	"stage" text DEFAULT 'draft' NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"property_address" text,
	"property_city" text,
	"property_state" text,
	"property_type" text,
	"purpose" text,
	"property_value" bigint,
	"rehab_budget" bigint,
	"after_repair_value" bigint,
	"loan_amount" bigint,
	"exit_strategy" text,
	"entity_type" text,
	"entity_name" text,
	"projects_last_36_months" integer,
	"target_closing_date" text,
	"submitted_at" timestamp with time zone,
	"decline_reason" text,
	"last_message_from_staff" boolean,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_reference_unique" UNIQUE("reference"),
	CONSTRAINT "loan_stage_check" CHECK ("loan"."stage" in ('draft','submitted','in_review','term_sheet','processing','approved','closing','funded','paid_off','declined','withdrawn')),
	CONSTRAINT "loan_state_check" CHECK ("loan"."property_state" is null or "loan"."property_state" in ('NV', 'CA')),
	CONSTRAINT "loan_amounts_check" CHECK (coalesce("loan"."loan_amount", 1) > 0 and coalesce("loan"."property_value", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"from_stage" text,
	"to_stage" text NOT NULL,
	"note" text,
	"actor_id" text,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text,
	"position" integer NOT NULL,
	"requested_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_item_status_check" CHECK ("loan_item"."status" in ('requested', 'uploaded', 'accepted', 'needs_attention'))
);
--> statement-breakpoint
CREATE TABLE "loan_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"from_staff" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_reference_counter" (
	"year" integer PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term_sheet" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"rate_percent" numeric(5, 2) NOT NULL,
	"points" numeric(4, 2) NOT NULL,
	"term_months" integer NOT NULL,
	"ltv" numeric(5, 2) NOT NULL,
	"expires_on" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"issued_by" text,
	"responded_at" timestamp with time zone,
	"responded_ip" text,
	"responded_user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "term_sheet_status_check" CHECK ("term_sheet"."status" in ('issued', 'accepted', 'declined', 'superseded'))
);
--> statement-breakpoint
ALTER TABLE "document" ADD COLUMN "loan_item_id" uuid;--> statement-breakpoint
ALTER TABLE "loan" ADD CONSTRAINT "loan_borrower_id_user_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_event" ADD CONSTRAINT "loan_event_loan_id_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_event" ADD CONSTRAINT "loan_event_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_item" ADD CONSTRAINT "loan_item_loan_id_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_item" ADD CONSTRAINT "loan_item_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_message" ADD CONSTRAINT "loan_message_loan_id_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_message" ADD CONSTRAINT "loan_message_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_note" ADD CONSTRAINT "loan_note_loan_id_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_note" ADD CONSTRAINT "loan_note_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_sheet" ADD CONSTRAINT "term_sheet_loan_id_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_sheet" ADD CONSTRAINT "term_sheet_issued_by_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_borrower_idx" ON "loan" USING btree ("borrower_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "loan_pipeline_idx" ON "loan" USING btree ("submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "loan_stage_pipeline_idx" ON "loan" USING btree ("stage","submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "loan_search_text_idx" ON "loan" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "loan_event_loan_idx" ON "loan_event" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE INDEX "loan_item_loan_idx" ON "loan_item" USING btree ("loan_id","position");--> statement-breakpoint
CREATE INDEX "loan_message_loan_idx" ON "loan_message" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE INDEX "loan_note_loan_idx" ON "loan_note" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE INDEX "term_sheet_loan_idx" ON "term_sheet" USING btree ("loan_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_loan_item_id_loan_item_id_fk" FOREIGN KEY ("loan_item_id") REFERENCES "public"."loan_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_loan_item_idx" ON "document" USING btree ("loan_item_id","created_at");--> statement-breakpoint
-- The pipeline search (issue "The loan file") reads one lower-cased column: the reference,
-- the property's address, city and state, and the borrower's name and e-mail (their profile's
-- search_text, which migration 0002 keeps). Kept here when the loan changes, and for every
-- loan of a borrower whose name or e-mail changes.
CREATE FUNCTION loan_search_text_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(' ', NEW.reference, NEW.property_address, NEW.property_city, NEW.property_state,
    (SELECT p.search_text FROM profile p WHERE p.user_id = NEW.borrower_id)));
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER loan_search_text BEFORE INSERT OR UPDATE OF reference, property_address, property_city, property_state, borrower_id, search_text
  ON loan FOR EACH ROW EXECUTE FUNCTION loan_search_text_refresh();--> statement-breakpoint
CREATE FUNCTION loan_borrower_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE loan SET search_text = '' WHERE borrower_id = NEW.user_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER loan_borrower_search_text AFTER UPDATE OF search_text ON profile
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION loan_borrower_search_text();
