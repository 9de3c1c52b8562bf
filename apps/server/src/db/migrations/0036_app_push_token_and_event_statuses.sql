-- An app's token, sealed under the auth secret, for Mastodon's push payload (lib/sealed.ts);
-- an account's events newest made first, for the client API's account statuses; and the feed
-- cache's notices for events, which the client API's home timeline shows beside posts.
ALTER TABLE "push_subscriptions" ADD COLUMN "sealed_access_token" jsonb;--> statement-breakpoint
CREATE INDEX "events_host_created_idx" ON "events" USING btree ("host_id","created_at","id");--> statement-breakpoint
-- The client API's home timeline keeps events beside posts on its first page (feed cache): a new
-- event clears every page, as a new post does; a change of one (its text, its Interested count, its
-- removal) clears the pages showing its host.
CREATE OR REPLACE FUNCTION "notify_feed_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tokens text[];
BEGIN
  IF TG_TABLE_NAME = 'user' OR (TG_TABLE_NAME IN ('posts', 'events') AND TG_OP = 'INSERT') THEN
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
  ELSIF TG_TABLE_NAME IN ('post_likes', 'post_saves') THEN
    SELECT array_agg(DISTINCT 'p:' || post_id) INTO tokens FROM changed;
  ELSIF TG_TABLE_NAME = 'profiles' THEN
    SELECT array_agg(DISTINCT 'u:' || user_id) INTO tokens FROM changed;
  ELSIF TG_TABLE_NAME = 'follows' THEN
    SELECT array_agg(DISTINCT 'u:' || follower_id) INTO tokens FROM changed;
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
CREATE TRIGGER "events_feed_added" AFTER INSERT ON "events"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "events_feed_changed" AFTER UPDATE ON "events"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "events_feed_removed" AFTER DELETE ON "events"
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();
