ALTER TABLE "post_tags" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Listed = public on an account that is not private (core/visibility.ts, `publicOnly`).
UPDATE "post_tags" SET "listed" = false
FROM "posts" WHERE "posts"."id" = "post_tags"."post_id"
  AND ("posts"."audience" <> 'public'
       OR EXISTS (SELECT 1 FROM "profiles" WHERE "profiles"."user_id" = "posts"."author_id" AND "profiles"."is_private"));--> statement-breakpoint
CREATE FUNCTION post_is_listed(post uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM posts WHERE posts.id = post AND posts.audience = 'public'
      AND NOT EXISTS (SELECT 1 FROM profiles WHERE profiles.user_id = posts.author_id AND profiles.is_private)
  )
$$;--> statement-breakpoint
CREATE FUNCTION post_tags_set_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := post_is_listed(NEW.post_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER post_tags_listed BEFORE INSERT ON post_tags
  FOR EACH ROW EXECUTE FUNCTION post_tags_set_listed();--> statement-breakpoint
CREATE FUNCTION posts_audience_relist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_tags SET listed = post_is_listed(NEW.id) WHERE post_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER posts_audience_relist AFTER UPDATE OF audience ON posts
  FOR EACH ROW WHEN (OLD.audience IS DISTINCT FROM NEW.audience)
  EXECUTE FUNCTION posts_audience_relist();--> statement-breakpoint
CREATE FUNCTION profiles_privacy_relist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_tags SET listed = (NOT NEW.is_private AND posts.audience = 'public')
  FROM posts WHERE posts.id = post_tags.post_id AND posts.author_id = NEW.user_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_privacy_relist AFTER UPDATE OF is_private ON profiles
  FOR EACH ROW WHEN (OLD.is_private IS DISTINCT FROM NEW.is_private)
  EXECUTE FUNCTION profiles_privacy_relist();--> statement-breakpoint
CREATE INDEX "post_tags_listed_created_idx" ON "post_tags" USING btree ("tag","post_created_at","post_id") WHERE "post_tags"."listed";--> statement-breakpoint
CREATE INDEX "post_tags_listed_prefix_idx" ON "post_tags" USING btree ("tag" text_pattern_ops) WHERE "post_tags"."listed";
