CREATE TABLE "videos" (
	"image_id" uuid PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'processing' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"failure" text,
	"key" text,
	"duration_ms" integer NOT NULL,
	"fps" double precision NOT NULL,
	"has_audio" boolean NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_progress_range" CHECK ("videos"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A post's items as every list reads them (posts.photos): a video item carries its MP4, length,
-- frame rate and sound beside the poster's columns; a photo carries "video": null. A post names a
-- video only once its MP4 is ready, and a ready video's row never changes, so no trigger on videos.
CREATE OR REPLACE FUNCTION "post_photos_json"("post" uuid) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(json_build_object(
      'id', i.id, 'keys', i.keys, 'avifKeys', i.avif_keys, 'widths', i.widths, 'width', i.width,
      'height', i.height, 'placeholder', i.placeholder, 'purpose', i.purpose, 'altText', pi.alt_text,
      'video', CASE WHEN v.image_id IS NULL THEN NULL ELSE json_build_object(
        'key', v.key, 'durationMs', v.duration_ms, 'fps', v.fps, 'hasAudio', v.has_audio) END)
    ORDER BY pi.position), '[]'::json)
  FROM post_images pi JOIN images i ON i.id = pi.image_id LEFT JOIN videos v ON v.image_id = i.id
  WHERE pi.post_id = post
$$;
