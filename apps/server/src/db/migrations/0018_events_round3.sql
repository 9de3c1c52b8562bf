CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "event_attendees" (
	"event_id" uuid NOT NULL,
	"occurrence" integer DEFAULT 0 NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_attendees_event_id_occurrence_user_id_pk" PRIMARY KEY("event_id","occurrence","user_id")
);
--> statement-breakpoint
ALTER TABLE "event_reminders" ADD COLUMN "occurrence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_reminders" ADD COLUMN "kind" text DEFAULT 'day' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_reminders" DROP CONSTRAINT "event_reminders_event_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_event_id_occurrence_user_id_kind_pk" PRIMARY KEY("event_id","occurrence","user_id","kind");--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "recurrence" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "last_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "next_starts_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
-- Every event so far is a single date: its next start is its start.
UPDATE "events" SET "next_starts_at" = "starts_at";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "place" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "email_off" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_attendees_list_idx" ON "event_attendees" USING btree ("event_id","occurrence","status","created_at","user_id");--> statement-breakpoint
CREATE INDEX "event_attendees_user_idx" ON "event_attendees" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_capacity_positive" CHECK ("events"."capacity" > 0);--> statement-breakpoint
CREATE INDEX "events_host_next_idx" ON "events" USING btree ("host_id","next_starts_at");--> statement-breakpoint
CREATE INDEX "events_next_idx" ON "events" USING btree ("next_starts_at");--> statement-breakpoint
-- A single date's next start is its start, whoever writes the row (the app, a test, the benchmark
-- seed); a series' is written by the app (features/events/next-dates.ts), its first start until then.
CREATE FUNCTION "events_next_start"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."recurrence" IS NULL OR NEW."next_starts_at" IS NULL OR NEW."next_starts_at" = '-infinity' THEN
    NEW."next_starts_at" := NEW."starts_at";
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_next_start" BEFORE INSERT OR UPDATE OF "starts_at", "recurrence", "next_starts_at" ON "events"
  FOR EACH ROW EXECUTE FUNCTION "events_next_start"();
