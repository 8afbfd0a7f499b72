CREATE TABLE "list_count" (
	"list" text NOT NULL,
	"key" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "list_count_list_key_pk" PRIMARY KEY("list","key")
);
--> statement-breakpoint
DROP INDEX "contact_created_at_idx";--> statement-breakpoint
DROP INDEX "contact_search_trgm_idx";--> statement-breakpoint
DROP INDEX "profile_created_at_idx";--> statement-breakpoint
DROP INDEX "user_search_trgm_idx";--> statement-breakpoint
DROP INDEX "audit_event_created_at_idx";--> statement-breakpoint
DROP INDEX "contact_status_created_idx";--> statement-breakpoint
DROP INDEX "deal_created_at_idx";--> statement-breakpoint
DROP INDEX "deal_status_created_idx";--> statement-breakpoint
DROP INDEX "document_user_created_idx";--> statement-breakpoint
DROP INDEX "notification_user_created_idx";--> statement-breakpoint
DROP INDEX "outbox_created_at_idx";--> statement-breakpoint
DROP INDEX "profile_borrower_created_idx";--> statement-breakpoint
DROP INDEX "profile_investor_created_idx";--> statement-breakpoint
DROP INDEX "user_created_at_idx";--> statement-breakpoint
ALTER TABLE "contact" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || email || ' ' || coalesce(note, '') || ' ' || status)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "contact_newest_idx" ON "contact" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_search_text_idx" ON "contact" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profile_search_text_idx" ON "profile" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profile_newest_idx" ON "profile" USING btree ("created_at" DESC NULLS FIRST,"user_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_event_created_at_idx" ON "audit_event" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_status_created_idx" ON "contact" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deal_created_at_idx" ON "deal" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "deal_status_created_idx" ON "deal" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "document_user_created_idx" ON "document" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notification_user_created_idx" ON "notification" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbox_created_at_idx" ON "outbox_email" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profile_borrower_created_idx" ON "profile" USING btree ("is_borrower","created_at" DESC NULLS FIRST,"user_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profile_investor_created_idx" ON "profile" USING btree ("is_investor","created_at" DESC NULLS FIRST,"user_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_created_at_idx" ON "user" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Exact totals of the admin lists, kept by statement-level triggers so a list's '{N} Total'
-- and its role or status filters read one row instead of counting 100,000 (issue "Admin area").
-- Each change adds its deltas in one upsert, keys in a fixed order (no deadlocks between writers).
CREATE FUNCTION list_count_add(p_list text, p_deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO list_count AS c (list, key, n)
  SELECT p_list, d.key, d.value::bigint FROM jsonb_each_text(p_deltas) AS d ORDER BY d.key
  ON CONFLICT (list, key) DO UPDATE SET n = c.n + excluded.n;
$$;--> statement-breakpoint
-- The keys a contact counts under: every contact, and its status.
CREATE FUNCTION contact_count_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE list_count SET n = 0 WHERE list = 'contact' AND key <> 'version';
    deltas := '{}';
  ELSIF TG_OP = 'INSERT' THEN
    SELECT coalesce(jsonb_object_agg(k, n), '{}') INTO deltas FROM (
      SELECT k, count(*) AS n FROM new_rows, unnest(ARRAY['all', status]) AS k GROUP BY k) s;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT coalesce(jsonb_object_agg(k, n), '{}') INTO deltas FROM (
      SELECT k, -count(*) AS n FROM old_rows, unnest(ARRAY['all', status]) AS k GROUP BY k) s;
  ELSE
    SELECT coalesce(jsonb_object_agg(k, n), '{}') INTO deltas FROM (
      SELECT k, sum(d) AS n FROM (
        SELECT k, 1 AS d FROM new_rows, unnest(ARRAY['all', status]) AS k
        UNION ALL SELECT k, -1 FROM old_rows, unnest(ARRAY['all', status]) AS k) x
      GROUP BY k HAVING sum(d) <> 0) s;
  END IF;
  -- Any change to a contact can change what a search finds (status is searched too).
  PERFORM list_count_add('contact', deltas || '{"version": 1}');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contact_count_insert AFTER INSERT ON contact REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_count_trigger();--> statement-breakpoint
CREATE TRIGGER contact_count_update AFTER UPDATE ON contact REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_count_trigger();--> statement-breakpoint
CREATE TRIGGER contact_count_delete AFTER DELETE ON contact REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_count_trigger();--> statement-breakpoint
CREATE TRIGGER contact_count_truncate AFTER TRUNCATE ON contact
  FOR EACH STATEMENT EXECUTE FUNCTION contact_count_trigger();--> statement-breakpoint
-- The keys a user counts under (spec §9: Borrower and Investor also match users who are both).
CREATE FUNCTION profile_count_keys(is_borrower boolean, is_investor boolean) RETURNS text[]
  LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY['all',
    CASE WHEN is_borrower THEN 'borrower' END,
    CASE WHEN is_investor THEN 'investor' END,
    CASE WHEN is_borrower AND is_investor THEN 'both' END], NULL);
$$;--> statement-breakpoint
CREATE FUNCTION profile_count_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE list_count SET n = 0 WHERE list = 'user' AND key <> 'version';
    deltas := '{}';
  ELSIF TG_OP = 'INSERT' THEN
    SELECT coalesce(jsonb_object_agg(k, n), '{}') INTO deltas FROM (
      SELECT k, count(*) AS n FROM new_rows, unnest(profile_count_keys(is_borrower, is_investor)) AS k GROUP BY k) s;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT coalesce(jsonb_object_agg(k, n), '{}') INTO deltas FROM (
      SELECT k, -count(*) AS n FROM old_rows, unnest(profile_count_keys(is_borrower, is_investor)) AS k GROUP BY k) s;
  ELSE
    SELECT coalesce(jsonb_object_agg(k, n), '{}') INTO deltas FROM (
      SELECT k, sum(d) AS n FROM (
        SELECT k, 1 AS d FROM new_rows, unnest(profile_count_keys(is_borrower, is_investor)) AS k
        UNION ALL SELECT k, -1 FROM old_rows, unnest(profile_count_keys(is_borrower, is_investor)) AS k) x
      GROUP BY k HAVING sum(d) <> 0) s;
    -- Sign-ins and preference changes leave the directory as it was: no new version.
    IF deltas = '{}' AND NOT EXISTS (
      SELECT 1 FROM new_rows n JOIN old_rows o USING (user_id) WHERE n.search_text IS DISTINCT FROM o.search_text)
    THEN RETURN NULL; END IF;
  END IF;
  PERFORM list_count_add('user', deltas || '{"version": 1}');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profile_count_insert AFTER INSERT ON profile REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION profile_count_trigger();--> statement-breakpoint
CREATE TRIGGER profile_count_update AFTER UPDATE ON profile REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION profile_count_trigger();--> statement-breakpoint
CREATE TRIGGER profile_count_delete AFTER DELETE ON profile REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION profile_count_trigger();--> statement-breakpoint
CREATE TRIGGER profile_count_truncate AFTER TRUNCATE ON profile
  FOR EACH STATEMENT EXECUTE FUNCTION profile_count_trigger();--> statement-breakpoint
-- profile.search_text: the user's name and e-mail, lower-cased, set when the profile is made
-- and whenever the user's name or e-mail changes.
CREATE FUNCTION profile_search_text_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := coalesce((SELECT lower(u.name || ' ' || u.email) FROM "user" u WHERE u.id = NEW.user_id), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER profile_search_text_fill BEFORE INSERT ON profile
  FOR EACH ROW EXECUTE FUNCTION profile_search_text_fill();--> statement-breakpoint
CREATE FUNCTION user_search_text_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profile SET search_text = lower(NEW.name || ' ' || NEW.email) WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER user_search_text_copy AFTER UPDATE OF name, email ON "user"
  FOR EACH ROW EXECUTE FUNCTION user_search_text_copy();--> statement-breakpoint
UPDATE profile p SET search_text = lower(u.name || ' ' || u.email) FROM "user" u WHERE u.id = p.user_id;--> statement-breakpoint
-- The totals of the rows already there.
SELECT list_count_add('contact', coalesce((SELECT jsonb_object_agg(k, n) FROM (
  SELECT k, count(*) AS n FROM contact, unnest(ARRAY['all', status]) AS k GROUP BY k) s), '{}'));--> statement-breakpoint
SELECT list_count_add('user', coalesce((SELECT jsonb_object_agg(k, n) FROM (
  SELECT k, count(*) AS n FROM profile, unnest(profile_count_keys(is_borrower, is_investor)) AS k GROUP BY k) s), '{}'));
