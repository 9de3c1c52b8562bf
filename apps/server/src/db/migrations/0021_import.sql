CREATE TABLE "archive_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"file_key" text,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"already_imported" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '{"videos":0,"files":0,"emptyPosts":0,"splitPosts":0}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "imported_posts" (
	"user_id" text NOT NULL,
	"content_hash" text NOT NULL,
	"post_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	CONSTRAINT "imported_posts_user_id_content_hash_pk" PRIMARY KEY("user_id","content_hash")
);
--> statement-breakpoint
ALTER TABLE "archive_imports" ADD CONSTRAINT "archive_imports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_posts" ADD CONSTRAINT "imported_posts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_posts" ADD CONSTRAINT "imported_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "archive_imports_user_uq" ON "archive_imports" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "imported_posts_post_uq" ON "imported_posts" USING btree ("post_id");