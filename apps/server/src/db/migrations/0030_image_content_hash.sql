-- A member's photos stored once (images.content_hash: the same bytes uploaded again share the first
-- upload's files) and counted against their quota (images.bytes). Rows from before count 0 bytes:
-- their sizes were never recorded, and storage cannot be listed to find them.
ALTER TABLE "images" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "images_owner_content_idx" ON "images" USING btree ("owner_id","content_hash") WHERE "images"."content_hash" is not null;