CREATE TABLE "remote_media" (
	"image_id" uuid PRIMARY KEY NOT NULL,
	"stem" text NOT NULL,
	"source_url" text NOT NULL,
	"bytes" integer NOT NULL,
	"last_served_at" timestamp with time zone DEFAULT now() NOT NULL,
	"evicted_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "remote_media" ADD CONSTRAINT "remote_media_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_media_stem_uq" ON "remote_media" USING btree ("stem");--> statement-breakpoint
CREATE INDEX "remote_media_lru_idx" ON "remote_media" USING btree ("last_served_at") WHERE "remote_media"."evicted_at" is null;