CREATE TABLE "servicing_position" (
	"loan_id" uuid PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"principal_cents" bigint NOT NULL,
	"holdback_cents" bigint NOT NULL,
	"interest_due_cents" bigint NOT NULL,
	"fees_due_cents" bigint NOT NULL,
	"suspense_cents" bigint NOT NULL,
	"oldest_unpaid_due" date
);
--> statement-breakpoint
ALTER TABLE "servicing_position" ADD CONSTRAINT "servicing_position_loan_id_loan_servicing_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_servicing"("loan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entry_bills_due_idx" ON "ledger_entry" USING btree ("loan_id",coalesce("due_on", "day") desc,"seq" desc) WHERE "ledger_entry"."kind" = 'interest-billed';--> statement-breakpoint
CREATE INDEX "ledger_entry_day_idx" ON "ledger_entry" USING btree ("day");--> statement-breakpoint
-- The positions are kept by the database, in the statement that appends entries (docs/decisions/
-- 0007-servicing-positions.md): for each loan the statement touched, the latest row's balances and
-- the oldest bill the interest due leaves unpaid. Bills are paid oldest first, so with D the
-- interest due, the oldest unpaid bill is the oldest whose later bills (by due day) add up to
-- less than D (app/lib/servicing/schedule.ts pastDueSince; portfolio.server.ts explains it).
CREATE FUNCTION servicing_position_upsert(loans uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO servicing_position AS p (loan_id, last_seq, principal_cents, holdback_cents, interest_due_cents,
    fees_due_cents, suspense_cents, oldest_unpaid_due)
  SELECT e.loan_id, e.seq, e.principal_after, e.holdback_after, e.interest_due_after, e.fees_due_after, e.suspense_after,
    CASE WHEN e.interest_due_after > 0 THEN (
      SELECT min(w.due) FROM (
        SELECT coalesce(b.due_on, b.day) AS due,
          sum(b.amount_cents) OVER (ORDER BY coalesce(b.due_on, b.day) DESC, b.seq DESC ROWS UNBOUNDED PRECEDING)
            - b.amount_cents AS later
        FROM ledger_entry b WHERE b.loan_id = e.loan_id AND b.kind = 'interest-billed'
      ) w WHERE w.later < e.interest_due_after) END
  FROM unnest(loans) AS l(loan_id)
  CROSS JOIN LATERAL (
    SELECT x.* FROM ledger_entry x WHERE x.loan_id = l.loan_id ORDER BY x.seq DESC LIMIT 1
  ) e
  ON CONFLICT (loan_id) DO UPDATE SET last_seq = excluded.last_seq, principal_cents = excluded.principal_cents,
    holdback_cents = excluded.holdback_cents, interest_due_cents = excluded.interest_due_cents,
    fees_due_cents = excluded.fees_due_cents, suspense_cents = excluded.suspense_cents,
    oldest_unpaid_due = excluded.oldest_unpaid_due;
$$;
--> statement-breakpoint
CREATE FUNCTION servicing_position_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM servicing_position_upsert(array(SELECT DISTINCT loan_id FROM added));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entry_position AFTER INSERT ON "ledger_entry" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION servicing_position_refresh();
--> statement-breakpoint
-- Loans already boarded before this migration.
SELECT servicing_position_upsert(array(SELECT loan_id FROM loan_servicing));
