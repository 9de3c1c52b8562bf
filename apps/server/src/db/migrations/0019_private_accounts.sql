ALTER TABLE "events" ADD COLUMN "audience" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "audience" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "is_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_private_idx" ON "profiles" USING btree ("user_id") WHERE "profiles"."is_private";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_audience_known" CHECK ("events"."audience" in ('public', 'followers'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_audience_known" CHECK ("posts"."audience" in ('public', 'followers'));