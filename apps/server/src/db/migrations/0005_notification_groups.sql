CREATE TABLE "event_reminders" (
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_reminders_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notification_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" text NOT NULL,
	"type" text NOT NULL,
	"target_key" text NOT NULL,
	"day" date NOT NULL,
	"post_id" uuid,
	"event_id" uuid,
	"report_id" text,
	"read" boolean DEFAULT false NOT NULL,
	"latest_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"in_app_off" text[] DEFAULT '{}'::text[] NOT NULL,
	"push_off" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_sends" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"sent_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"endpoint" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_recipient_id_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_sends" ADD CONSTRAINT "push_sends_group_id_notification_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."notification_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_groups_key_idx" ON "notification_groups" USING btree ("recipient_id","type","target_key","day");--> statement-breakpoint
CREATE INDEX "notification_groups_recipient_latest_idx" ON "notification_groups" USING btree ("recipient_id","latest_at","id");--> statement-breakpoint
CREATE INDEX "notification_groups_unread_idx" ON "notification_groups" USING btree ("recipient_id") WHERE "notification_groups"."read" = false;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_group_id_notification_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."notification_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_actor_idx" ON "notifications" USING btree ("actor_id","type");--> statement-breakpoint
-- Existing notices (new followers) each get the group they would have been written into:
-- same recipient, type, target (notify.ts targetKey) and UTC day; one row per person per group.
INSERT INTO "notification_groups" ("recipient_id", "type", "target_key", "day", "post_id", "event_id", "report_id", "read", "latest_at")
SELECT "recipient_id", "type", coalesce("post_id"::text, "event_id"::text, "report_id", "actor_id", ''), ("created_at" AT TIME ZONE 'UTC')::date,
  (array_agg("post_id"))[1], (array_agg("event_id"))[1], (array_agg("report_id"))[1], bool_and("read"), max("created_at")
FROM "notifications"
GROUP BY "recipient_id", "type", coalesce("post_id"::text, "event_id"::text, "report_id", "actor_id", ''), ("created_at" AT TIME ZONE 'UTC')::date;--> statement-breakpoint
UPDATE "notifications" n SET "group_id" = g."id" FROM "notification_groups" g
WHERE g."recipient_id" = n."recipient_id" AND g."type" = n."type"
  AND g."target_key" = coalesce(n."post_id"::text, n."event_id"::text, n."report_id", n."actor_id", '')
  AND g."day" = (n."created_at" AT TIME ZONE 'UTC')::date;--> statement-breakpoint
DELETE FROM "notifications" a USING "notifications" b
WHERE a."group_id" = b."group_id" AND a."actor_id" = b."actor_id" AND (a."created_at", a."id") < (b."created_at", b."id");--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "group_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "read";--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_group_actor_idx" ON "notifications" USING btree ("group_id","actor_id");
