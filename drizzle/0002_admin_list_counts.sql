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
-- The keys a user counts under (spec §9: Borrower and Investor also match users who are both).
CREATE FUNCTION profile_count_keys(is_borrower boolean, is_investor boolean) RETURNS text[]
  LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY['all',
    CASE WHEN is_borrower THEN 'borrower' END,
    CASE WHEN is_investor THEN 'investor' END,
    CASE WHEN is_borrower AND is_investor THEN 'both' END], NULL);
$$;--> statement-breakpoint
-- One trigger for every counted list. Arguments: the list, the SQL expression of a row's keys
-- (text[]) and the table's key column. Each statement adds its rows' deltas and moves the
-- list's version; an update that changes neither a count nor search_text (a sign-in, say)
-- leaves the list as it was.
CREATE FUNCTION list_count_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_list text := TG_ARGV[0];
  v_keys text := TG_ARGV[1];
  v_id text := TG_ARGV[2];
  v_deltas jsonb := '{}';
  v_searched boolean;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE list_count SET n = 0 WHERE list = v_list AND key <> 'version';
  ELSE
    EXECUTE format(
      'SELECT coalesce(jsonb_object_agg(k, n), ''{}'') FROM (SELECT k, sum(d) AS n FROM (%s) x GROUP BY k HAVING sum(d) <> 0) s',
      concat_ws(' UNION ALL ',
        CASE WHEN TG_OP <> 'DELETE' THEN format('SELECT k, 1 AS d FROM new_rows, unnest(%s) AS k', v_keys) END,
        CASE WHEN TG_OP <> 'INSERT' THEN format('SELECT k, -1 AS d FROM old_rows, unnest(%s) AS k', v_keys) END))
    INTO v_deltas;
    IF TG_OP = 'UPDATE' AND v_deltas = '{}' THEN
      EXECUTE format('SELECT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o USING (%I)
        WHERE n.search_text IS DISTINCT FROM o.search_text)', v_id) INTO v_searched;
      IF NOT v_searched THEN RETURN NULL; END IF;
    END IF;
  END IF;
  PERFORM list_count_add(v_list, v_deltas || '{"version": 1}');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contact_count_insert AFTER INSERT ON contact REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_trigger('contact', 'ARRAY[''all'', status]', 'id');--> statement-breakpoint
CREATE TRIGGER contact_count_update AFTER UPDATE ON contact REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_trigger('contact', 'ARRAY[''all'', status]', 'id');--> statement-breakpoint
CREATE TRIGGER contact_count_delete AFTER DELETE ON contact REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_trigger('contact', 'ARRAY[''all'', status]', 'id');--> statement-breakpoint
CREATE TRIGGER contact_count_truncate AFTER TRUNCATE ON contact
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_trigger('contact');--> statement-breakpoint
CREATE TRIGGER profile_count_insert AFTER INSERT ON profile REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_trigger('user', 'profile_count_keys(is_borrower, is_investor)', 'user_id');--> statement-breakpoint
CREATE TRIGGER profile_count_update AFTER UPDATE ON profile REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_trigger('user', 'profile_count_keys(is_borrower, is_investor)', 'user_id');--> statement-breakpoint
CREATE TRIGGER profile_count_delete AFTER DELETE ON profile REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_trigger('user', 'profile_count_keys(is_borrower, is_investor)', 'user_id');--> statement-breakpoint
CREATE TRIGGER profile_count_truncate AFTER TRUNCATE ON profile
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_trigger('user');--> statement-breakpoint
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
-- Recounts every list from its rows (after a load with triggers disabled, say), then the
-- totals of the rows already there.
CREATE FUNCTION list_count_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_count SET n = 0 WHERE key <> 'version';
  PERFORM list_count_add('contact', coalesce((SELECT jsonb_object_agg(k, n) FROM (
    SELECT k, count(*) AS n FROM contact, unnest(ARRAY['all', status]) AS k GROUP BY k) s), '{}') || '{"version": 1}');
  PERFORM list_count_add('user', coalesce((SELECT jsonb_object_agg(k, n) FROM (
    SELECT k, count(*) AS n FROM profile, unnest(profile_count_keys(is_borrower, is_investor)) AS k GROUP BY k) s), '{}') || '{"version": 1}');
END $$;--> statement-breakpoint
SELECT list_count_rebuild();
