CREATE TABLE "mail_deliveries" (
	"message_id" text PRIMARY KEY NOT NULL,
	"delivered_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_sends" ADD COLUMN "pushed_latest_at" timestamp (3) with time zone;
--> statement-breakpoint
-- Before, a group was due when it changed after its last push's time: the same test, now on the version pushed.
UPDATE "push_sends" SET "pushed_latest_at" = "sent_at";
--> statement-breakpoint
-- Web push (features/notifications/push.ts): a notice that makes an unread group newer queues the
-- group's push job in the same transaction, for recipients who have a push subscription. One
-- waiting job per group (its job key); adding again keeps its time, so a burst of likes is one
-- push. The job itself keeps pushes of one group at least a minute apart. Unlikes (the group's
-- time moving back) and reading queue nothing. graphile_worker.add_job exists once the queue's
-- migrations ran (jobs/migrate.ts, at every start); PL/pgSQL looks it up only when this runs.
CREATE FUNCTION "queue_group_push"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.read
     AND (TG_OP = 'INSERT' OR NEW.latest_at > OLD.latest_at)
     AND EXISTS (SELECT 1 FROM push_subscriptions WHERE user_id = NEW.recipient_id) THEN
    PERFORM graphile_worker.add_job(
      'push_group',
      json_build_object('groupId', NEW.id),
      job_key => 'push:' || NEW.id,
      job_key_mode => 'preserve_run_at');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notification_groups_queue_push" AFTER INSERT OR UPDATE OF "latest_at" ON "notification_groups"
FOR EACH ROW EXECUTE FUNCTION "queue_group_push"();
