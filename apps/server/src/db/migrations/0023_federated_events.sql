-- Events over ActivityPub (issue 27, features/federation/objects/event.ts; docs/federation.md "Events").
CREATE TABLE "federation_events" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"iri" text NOT NULL,
	"url" text
);
--> statement-breakpoint
ALTER TABLE "federation_events" ADD CONSTRAINT "federation_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federation_events_iri_uq" ON "federation_events" USING btree ("iri");--> statement-breakpoint
ALTER TABLE "event_attendees" ADD COLUMN "join_iri" text;--> statement-breakpoint
-- A local event created, edited, cancelled or deleted queues its delivery in the same transaction,
-- when its host has a follower on another server (features/federation/event-outbox.ts runs the
-- job). The kept next date and the Interested count move without telling anyone.
CREATE FUNCTION "queue_event_federation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row events%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  IF TG_OP = 'UPDATE' AND (NEW.title, NEW.starts_at, NEW.ends_at, NEW.time_zone, NEW.recurrence,
      NEW.place, NEW.latitude, NEW.longitude, NEW.capacity, NEW.cancelled_at, NEW.website,
      NEW.description)
    IS NOT DISTINCT FROM (OLD.title, OLD.starts_at, OLD.ends_at, OLD.time_zone, OLD.recurrence,
      OLD.place, OLD.latitude, OLD.longitude, OLD.capacity, OLD.cancelled_at, OLD.website,
      OLD.description) THEN
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
--> statement-breakpoint
CREATE TRIGGER "events_federation" AFTER INSERT OR UPDATE OR DELETE ON "events"
FOR EACH ROW EXECUTE FUNCTION "queue_event_federation"();
--> statement-breakpoint
-- A member's Going on a remote event is a Join to its server, their withdrawal a Leave
-- (features/federation/remote-joins.ts). A Reject that removes the row says so with
-- `glimpse.event_answer` for its transaction, so no Leave answers it.
CREATE FUNCTION "queue_event_join_federation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status = 'pending' THEN
      PERFORM graphile_worker.add_job(
        'federation_event_join',
        json_build_object('eventId', NEW.event_id, 'occurrence', NEW.occurrence,
          'userId', NEW.user_id, 'kind', 'join'));
    END IF;
    RETURN NULL;
  END IF;
  IF coalesce(current_setting('glimpse.event_answer', true), '') <> 'on'
     AND EXISTS (SELECT 1 FROM federation_events e WHERE e.event_id = OLD.event_id)
     AND NOT EXISTS (SELECT 1 FROM federation_actors a WHERE a.user_id = OLD.user_id) THEN
    PERFORM graphile_worker.add_job(
      'federation_event_join',
      json_build_object('eventId', OLD.event_id, 'occurrence', OLD.occurrence,
        'userId', OLD.user_id, 'kind', 'leave'));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "event_attendees_federation" AFTER INSERT OR DELETE ON "event_attendees"
FOR EACH ROW EXECUTE FUNCTION "queue_event_join_federation"();
--> statement-breakpoint
-- A remote account promoted from the waitlist of a local event is told with an Accept of its Join
-- (features/federation/event-outbox.ts), as a member is told with a notice.
CREATE FUNCTION "queue_event_promotion_federation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job(
    'federation_event_promoted',
    json_build_object('eventId', NEW.event_id, 'occurrence', NEW.occurrence, 'userId', NEW.user_id,
      'joinIri', NEW.join_iri));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "event_attendees_promotion_federation" AFTER UPDATE OF "status" ON "event_attendees"
FOR EACH ROW WHEN (OLD.status = 'waitlisted' AND NEW.status = 'going' AND NEW.join_iri IS NOT NULL)
EXECUTE FUNCTION "queue_event_promotion_federation"();
