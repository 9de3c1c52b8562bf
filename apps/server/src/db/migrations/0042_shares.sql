-- Shares (boosts): who shared which post, and the post's count of them. A share puts the post into
-- the sharer's followers' home feeds, so a new one clears every feed page, as a new post does; an
-- Unshare clears the pages showing the post.
CREATE TABLE "post_shares" (
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_shares_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "share_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "post_shares" ADD CONSTRAINT "post_shares_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_shares" ADD CONSTRAINT "post_shares_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_shares_user_created_idx" ON "post_shares" USING btree ("user_id","created_at","post_id");--> statement-breakpoint
CREATE INDEX "post_shares_created_idx" ON "post_shares" USING btree ("created_at","post_id","user_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_feed_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tokens text[];
BEGIN
  IF TG_TABLE_NAME = 'user' OR (TG_TABLE_NAME IN ('posts', 'events', 'post_shares') AND TG_OP = 'INSERT') THEN
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
CREATE TRIGGER "post_shares_feed_added" AFTER INSERT ON "post_shares"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "post_shares_feed_removed" AFTER DELETE ON "post_shares"
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();
