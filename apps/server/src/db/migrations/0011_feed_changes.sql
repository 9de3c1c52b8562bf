-- Change notices for the feed cache (features/feed/cache.ts): every statement that changes what a
-- home feed page shows NOTIFYs `glimpse_feed` with what it touched, as comma-separated tokens:
-- `p:<post id>` (a post's text, counts, photos, or a viewer's like or save of it), `u:<user id>`
-- (an author's profile, or whose posts a viewer sees: follows, blocks, mutes), `*` (anything:
-- a new post, a suspension begun or lifted, more than fit one notice). The notice leaves when the
-- transaction commits, and not at all when it rolls back.
CREATE FUNCTION "notify_feed_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tokens text[];
BEGIN
  IF TG_TABLE_NAME = 'user' OR (TG_TABLE_NAME = 'posts' AND TG_OP = 'INSERT') THEN
    tokens := ARRAY['*'];
  -- A bulk statement (a seed's COPY, an account's deletion) touches about everything anyway, and
  -- collecting a million distinct tokens only to drop them costs seconds. NOTIFY's payload holds
  -- 8000 bytes; a token is at most ~40.
  ELSIF (SELECT count(*) FROM (SELECT 1 FROM changed LIMIT 151) AS some_rows) > 150 THEN
    tokens := ARRAY['*'];
  ELSIF TG_TABLE_NAME = 'posts' THEN
    SELECT array_agg(DISTINCT 'p:' || id) INTO tokens FROM changed;
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
CREATE TRIGGER "posts_feed_added" AFTER INSERT ON "posts"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "posts_feed_changed" AFTER UPDATE ON "posts"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "posts_feed_removed" AFTER DELETE ON "posts"
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "post_likes_feed_added" AFTER INSERT ON "post_likes"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "post_likes_feed_removed" AFTER DELETE ON "post_likes"
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "post_saves_feed_added" AFTER INSERT ON "post_saves"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "post_saves_feed_removed" AFTER DELETE ON "post_saves"
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "profiles_feed_changed" AFTER UPDATE ON "profiles"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "profiles_feed_removed" AFTER DELETE ON "profiles"
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "follows_feed_added" AFTER INSERT ON "follows"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "follows_feed_removed" AFTER DELETE ON "follows"
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "mutes_feed_added" AFTER INSERT ON "mutes"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "mutes_feed_removed" AFTER DELETE ON "mutes"
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "blocks_feed_added" AFTER INSERT ON "blocks"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "blocks_feed_removed" AFTER DELETE ON "blocks"
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "images_feed_changed" AFTER UPDATE ON "images"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_change"();--> statement-breakpoint
CREATE TRIGGER "user_banned_feed_changed" AFTER UPDATE OF "banned" ON "user"
FOR EACH ROW WHEN (OLD."banned" IS DISTINCT FROM NEW."banned") EXECUTE FUNCTION "notify_feed_change"();
