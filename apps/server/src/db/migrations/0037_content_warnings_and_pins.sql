ALTER TABLE "post_versions" ADD COLUMN "content_warning" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "content_warning" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "pinned_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "expand_content_warnings" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_pinned_idx" ON "posts" USING btree ("author_id","pinned_at") WHERE "posts"."pinned_at" is not null;