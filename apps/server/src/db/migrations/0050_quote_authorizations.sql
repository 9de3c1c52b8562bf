-- Quotes across servers (FEP-044f): what our members authorized, and the authorization a quote
-- of another server's post holds. A quote's consent changes after the post is written (an Accept,
-- a Reject, a revocation), and the card a feed page shows depends on it: post_quotes announces it.
CREATE TABLE "quote_authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quoted_post_id" uuid NOT NULL,
	"quoter_id" text NOT NULL,
	"quoting_post_id" uuid,
	"quoting_iri" text,
	"request_iri" text,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_authorizations_quoting_known" CHECK ("quote_authorizations"."quoting_post_id" is not null or "quote_authorizations"."quoting_iri" is not null)
);
--> statement-breakpoint
ALTER TABLE "post_quotes" ADD COLUMN "authorization_id" uuid;--> statement-breakpoint
ALTER TABLE "post_quotes" ADD COLUMN "authorization_iri" text;--> statement-breakpoint
ALTER TABLE "quote_authorizations" ADD CONSTRAINT "quote_authorizations_quoted_post_id_posts_id_fk" FOREIGN KEY ("quoted_post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_authorizations" ADD CONSTRAINT "quote_authorizations_quoter_id_user_id_fk" FOREIGN KEY ("quoter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_authorizations" ADD CONSTRAINT "quote_authorizations_quoting_post_id_posts_id_fk" FOREIGN KEY ("quoting_post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_authorizations_quoted_idx" ON "quote_authorizations" USING btree ("quoted_post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_authorizations_quoting_post_uq" ON "quote_authorizations" USING btree ("quoting_post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_authorizations_quoting_iri_uq" ON "quote_authorizations" USING btree ("quoting_iri");--> statement-breakpoint
ALTER TABLE "post_quotes" ADD CONSTRAINT "post_quotes_authorization_id_quote_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."quote_authorizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_quotes_authorization_iri_idx" ON "post_quotes" USING btree ("authorization_iri") WHERE "post_quotes"."authorization_iri" is not null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_feed_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tokens text[];
BEGIN
  IF TG_TABLE_NAME = 'user' OR (TG_TABLE_NAME IN ('posts', 'events', 'post_shares', 'post_tags') AND TG_OP = 'INSERT') THEN
    tokens := ARRAY['*'];
  -- A bulk statement (a seed's COPY, an account's deletion) touches about everything anyway, and
  -- collecting a million distinct tokens only to drop them costs seconds. NOTIFY's payload holds
  -- 8000 bytes; a token is at most ~40.
  ELSIF (SELECT count(*) FROM (SELECT 1 FROM changed LIMIT 151) AS some_rows) > 150 THEN
    tokens := ARRAY['*'];
  ELSIF TG_TABLE_NAME = 'posts' THEN
    SELECT array_agg(DISTINCT 'p:' || id) INTO tokens FROM changed;
  ELSIF TG_TABLE_NAME = 'events' THEN
    SELECT array_agg(DISTINCT 'u:' || host_id) INTO tokens FROM changed;
  ELSIF TG_TABLE_NAME IN ('post_likes', 'post_saves', 'post_shares', 'post_quotes') THEN
    SELECT array_agg(DISTINCT 'p:' || post_id) INTO tokens FROM changed;
  ELSIF TG_TABLE_NAME = 'profiles' THEN
    SELECT array_agg(DISTINCT 'u:' || user_id) INTO tokens FROM changed;
  ELSIF TG_TABLE_NAME = 'follows' THEN
    SELECT array_agg(DISTINCT 'u:' || follower_id) INTO tokens FROM changed;
  ELSIF TG_TABLE_NAME = 'followed_tags' THEN
    SELECT array_agg(DISTINCT 'u:' || user_id) INTO tokens FROM changed;
  ELSIF TG_TABLE_NAME = 'mutes' THEN
    SELECT array_agg(DISTINCT 'u:' || muter_id) INTO tokens FROM changed;
  ELSIF TG_TABLE_NAME = 'blocks' THEN
    SELECT array_agg(DISTINCT side) INTO tokens
    FROM changed, LATERAL (VALUES ('u:' || blocker_id), ('u:' || blocked_id)) AS sides(side);
  ELSIF TG_TABLE_NAME = 'images' THEN
    -- A post's photos reach it through posts.photos (migration 0010); a profile picture does not.
    SELECT array_agg(DISTINCT 'u:' || p.user_id) INTO tokens
    FROM profiles p JOIN changed ON p.profile_image_id = changed.id;
  END IF;
  IF tokens IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('glimpse_feed', array_to_string(tokens, ','));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "post_quotes_feed_changed" AFTER UPDATE ON "post_quotes"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();
