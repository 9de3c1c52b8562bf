ALTER TABLE "images" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "cached_bytes" integer;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "last_served_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "evicted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "source_failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "images_remote_keys_idx" ON "images" USING gin ("keys") WHERE "images"."source_url" is not null;--> statement-breakpoint
CREATE INDEX "images_remote_lru_idx" ON "images" USING btree (coalesce("last_served_at", "created_at")) WHERE "images"."source_url" is not null and "images"."evicted_at" is null;
