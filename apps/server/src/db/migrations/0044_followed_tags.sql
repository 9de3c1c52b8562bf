-- Followed hashtags: a member's tags, whose posts join their home feed. Following or unfollowing one
-- changes only that member's feed; a tag added to a post (a new post, or an edit that adds it) can
-- bring it into any feed, as a new post does.
CREATE TABLE "followed_tags" (
	"user_id" text NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "followed_tags_user_id_tag_pk" PRIMARY KEY("user_id","tag")
);
--> statement-breakpoint
ALTER TABLE "followed_tags" ADD CONSTRAINT "followed_tags_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "followed_tags_user_created_idx" ON "followed_tags" USING btree ("user_id","created_at","tag");--> statement-breakpoint
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
  ELSIF TG_TABLE_NAME IN ('post_likes', 'post_saves', 'post_shares') THEN
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
CREATE TRIGGER "followed_tags_feed_added" AFTER INSERT ON "followed_tags"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "followed_tags_feed_removed" AFTER DELETE ON "followed_tags"
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "post_tags_feed_added" AFTER INSERT ON "post_tags"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();
