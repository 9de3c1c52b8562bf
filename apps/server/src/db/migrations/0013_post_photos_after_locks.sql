-- posts.photos could lose a concurrent change: a statement's trigger that had to wait for another
-- transaction's lock on the post (an alt-text edit) then wrote photos computed from the snapshot it
-- took before that transaction committed (the AVIF job's files over the edited alt text). Lock the
-- posts first; the update after it is a new statement with a new snapshot, which sees what the
-- lock waited for.
CREATE OR REPLACE FUNCTION "refresh_post_photos"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
BEGIN
  IF TG_TABLE_NAME = 'post_images' THEN
    SELECT array_agg(DISTINCT post_id) INTO touched FROM changed;
  ELSE
    SELECT array_agg(DISTINCT pi.post_id) INTO touched
    FROM post_images pi JOIN changed ON pi.image_id = changed.id;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  -- In id order, as every other multi-row lock here, so two such statements cannot deadlock.
  PERFORM 1 FROM posts WHERE id = ANY (touched) ORDER BY id FOR NO KEY UPDATE;
  UPDATE posts SET photos = post_photos_json(posts.id) WHERE posts.id = ANY (touched);
  RETURN NULL;
END;
$$;
