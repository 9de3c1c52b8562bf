ALTER TABLE "videos" ADD COLUMN "remote_url" text;--> statement-breakpoint
-- A remote video too large to copy here carries the address of its original, which the post links
-- to. Existing rows have none, so no post's copy needs refreshing.
CREATE OR REPLACE FUNCTION "post_photos_json"("post" uuid) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(json_build_object(
      'id', i.id, 'keys', i.keys, 'avifKeys', i.avif_keys, 'widths', i.widths, 'width', i.width,
      'height', i.height, 'placeholder', i.placeholder, 'purpose', i.purpose, 'altText', pi.alt_text,
      'video', CASE WHEN v.image_id IS NULL THEN NULL ELSE json_build_object(
        'key', v.key, 'durationMs', v.duration_ms, 'fps', v.fps, 'hasAudio', v.has_audio,
        'remoteUrl', v.remote_url) END)
    ORDER BY pi.position), '[]'::json)
  FROM post_images pi JOIN images i ON i.id = pi.image_id LEFT JOIN videos v ON v.image_id = i.id
  WHERE pi.post_id = post
$$;
