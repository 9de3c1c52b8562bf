-- A change of audience alone (Public ↔ Followers only, posts/edit.ts, events' edit) is news to the servers that
-- hold a copy: it queues an Update like an edit of the caption does, so that a post made
-- followers-only does not stay public elsewhere (features/federation/remote-posts.ts and
-- remote-events.ts apply it).
CREATE OR REPLACE FUNCTION "queue_post_federation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row posts%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  IF TG_OP = 'UPDATE' AND NEW.caption IS NOT DISTINCT FROM OLD.caption
     AND NEW.sensitive IS NOT DISTINCT FROM OLD.sensitive
     AND NEW.edited_at IS NOT DISTINCT FROM OLD.edited_at
     AND NEW.audience IS NOT DISTINCT FROM OLD.audience THEN
    RETURN NULL;
  END IF;
  IF EXISTS (
    SELECT 1 FROM follows f JOIN federation_actors a ON a.user_id = f.follower_id
    WHERE f.followee_id = row.author_id
  ) THEN
    PERFORM graphile_worker.add_job(
      'federation_post',
      json_build_object('postId', row.id, 'authorId', row.author_id, 'kind', lower(TG_OP)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "queue_event_federation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row events%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  IF TG_OP = 'UPDATE' AND (NEW.title, NEW.starts_at, NEW.ends_at, NEW.time_zone, NEW.recurrence,
      NEW.place, NEW.latitude, NEW.longitude, NEW.capacity, NEW.cancelled_at, NEW.website,
      NEW.description, NEW.audience)
    IS NOT DISTINCT FROM (OLD.title, OLD.starts_at, OLD.ends_at, OLD.time_zone, OLD.recurrence,
      OLD.place, OLD.latitude, OLD.longitude, OLD.capacity, OLD.cancelled_at, OLD.website,
      OLD.description, OLD.audience) THEN
    RETURN NULL;
  END IF;
  IF EXISTS (
    SELECT 1 FROM follows f JOIN federation_actors a ON a.user_id = f.follower_id
    WHERE f.followee_id = row.host_id
  ) THEN
    PERFORM graphile_worker.add_job(
      'federation_event',
      json_build_object('eventId', row.id, 'hostId', row.host_id, 'kind', lower(TG_OP)));
  END IF;
  RETURN NULL;
END
$$;
