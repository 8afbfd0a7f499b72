DROP INDEX "outbox_due_idx";--> statement-breakpoint
CREATE INDEX "profile_borrower_created_idx" ON "profile" USING btree ("is_borrower","created_at" DESC NULLS LAST,"user_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profile_investor_created_idx" ON "profile" USING btree ("is_investor","created_at" DESC NULLS LAST,"user_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_created_at_idx" ON "user" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_search_trgm_idx" ON "user" USING gin (("name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox_email" USING btree ("status","next_attempt_at");