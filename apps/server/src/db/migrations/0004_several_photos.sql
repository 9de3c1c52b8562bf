CREATE TABLE "post_images" (
	"post_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"image_id" uuid NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "post_images_post_id_position_pk" PRIMARY KEY("post_id","position"),
	CONSTRAINT "post_images_position_range" CHECK ("post_images"."position" >= 0 and "post_images"."position" < 10)
);
--> statement-breakpoint
CREATE TABLE "post_tags" (
	"post_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"post_created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "post_tags_post_id_tag_pk" PRIMARY KEY("post_id","tag")
);
--> statement-breakpoint
CREATE TABLE "post_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"caption" text NOT NULL,
	"alt_texts" text[] NOT NULL,
	"sensitive" boolean NOT NULL,
	"written_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_image_id_images_id_fk";
--> statement-breakpoint
DROP INDEX "posts_image_uq";--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "original_key" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "edited_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "show_sensitive_media" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "post_images" ADD CONSTRAINT "post_images_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_images" ADD CONSTRAINT "post_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_versions" ADD CONSTRAINT "post_versions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_images_image_uq" ON "post_images" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "post_tags_tag_created_idx" ON "post_tags" USING btree ("tag","post_created_at","post_id");--> statement-breakpoint
CREATE INDEX "post_tags_tag_prefix_idx" ON "post_tags" USING btree ("tag" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "post_versions_post_idx" ON "post_versions" USING btree ("post_id","written_at");--> statement-breakpoint
-- Data: every existing post keeps its one photo and alt text as photo 0 (issue 15).
INSERT INTO "post_images" ("post_id", "position", "image_id", "alt_text")
SELECT "id", 0, "image_id", "alt_text" FROM "posts";--> statement-breakpoint
-- Data: hashtags of existing captions. The app parses with packages/shared/src/text-entities.ts;
-- this is the same rule in PostgreSQL's regex dialect (a tag holds a letter, at most 100 characters).
INSERT INTO "post_tags" ("post_id", "tag", "post_created_at")
SELECT DISTINCT p."id", normalize(lower(m[1]), NFC), p."created_at"
FROM "posts" p, regexp_matches(p."caption", '(?:^|[^[:alnum:]_&/#@.])#([[:alnum:]_]+)', 'g') AS m
WHERE m[1] ~ '[[:alpha:]]' AND char_length(m[1]) <= 100
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The edit history is append-only: a version, once written, never changes (it goes only with its post).
CREATE FUNCTION "post_versions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'post_versions is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "post_versions_no_update" BEFORE UPDATE ON "post_versions"
FOR EACH ROW EXECUTE FUNCTION "post_versions_append_only"();--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "image_id";--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "alt_text";