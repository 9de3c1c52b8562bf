ALTER TABLE "posts" ADD COLUMN "photos" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
-- A post's photos as lists show them, in position order: what posts.photos holds. The keys are the
-- ImageDto columns of features/images/queries.ts and the alt text (features/posts/queries.ts).
CREATE FUNCTION "post_photos_json"("post" uuid) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(json_build_object(
      'id', i.id, 'keys', i.keys, 'avifKeys', i.avif_keys, 'widths', i.widths, 'width', i.width,
      'height', i.height, 'placeholder', i.placeholder, 'purpose', i.purpose, 'altText', pi.alt_text)
    ORDER BY pi.position), '[]'::json)
  FROM post_images pi JOIN images i ON i.id = pi.image_id
  WHERE pi.post_id = post
$$;--> statement-breakpoint
-- Once per statement, for the posts whose photos the statement touched (`changed` is its rows).
CREATE FUNCTION "refresh_post_photos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'post_images' THEN
    UPDATE posts SET photos = post_photos_json(posts.id)
    WHERE posts.id IN (SELECT DISTINCT post_id FROM changed);
  ELSE
    UPDATE posts SET photos = post_photos_json(posts.id)
    WHERE posts.id IN (SELECT pi.post_id FROM post_images pi JOIN changed ON pi.image_id = changed.id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "post_images_added" AFTER INSERT ON "post_images"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "refresh_post_photos"();--> statement-breakpoint
CREATE TRIGGER "post_images_changed" AFTER UPDATE ON "post_images"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "refresh_post_photos"();--> statement-breakpoint
CREATE TRIGGER "post_images_removed" AFTER DELETE ON "post_images"
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "refresh_post_photos"();--> statement-breakpoint
-- An image's files change after its post exists: the AVIF twins come from a background job.
CREATE TRIGGER "images_changed" AFTER UPDATE ON "images"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "refresh_post_photos"();--> statement-breakpoint
UPDATE "posts" SET "photos" = post_photos_json("id");
