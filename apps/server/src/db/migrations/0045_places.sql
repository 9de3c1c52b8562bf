-- Places (Location on a post). `place_key` is what makes two spellings one place: Unicode
-- compatibility forms folded, accents and Arabic vowel marks dropped, spaces collapsed, lower case.
-- Written on built-in functions only (`normalize` is IMMUTABLE; `unaccent` is not, and is one more
-- extension to create), so the embedded PostgreSQL and Debian's agree. pg_trgm comes from 0016.
CREATE FUNCTION place_key(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT lower(regexp_replace(
    regexp_replace(normalize(btrim(name), NFKD), '[\u0300-\u036f\u064b-\u065f\u0670]', '', 'g'),
    '\s+', ' ', 'g'))
$$;
--> statement-breakpoint
CREATE TABLE "places" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (place_key(name)) STORED NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "place_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "place_latitude" double precision;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "place_longitude" double precision;--> statement-breakpoint
CREATE UNIQUE INDEX "places_name_key_uq" ON "places" USING btree ("name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "places_slug_uq" ON "places" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "places_name_key_trgm_idx" ON "places" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_place_key_trgm_idx" ON "events" USING gin (place_key("place") gin_trgm_ops) WHERE "events"."place" <> '';--> statement-breakpoint
CREATE INDEX "posts_place_created_idx" ON "posts" USING btree ("place_id","created_at","id") WHERE "posts"."place_id" is not null;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_place_point_whole" CHECK (("posts"."place_latitude" is null) = ("posts"."place_longitude" is null) and ("posts"."place_id" is not null or "posts"."place_latitude" is null));
