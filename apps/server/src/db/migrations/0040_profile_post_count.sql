ALTER TABLE "profiles" ADD COLUMN "post_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_post_at" timestamp (3) with time zone;--> statement-breakpoint
-- The accounts that have posts, counted once here; core/counters.ts keeps both from now on.
UPDATE "profiles" SET "post_count" = "counted"."total", "last_post_at" = "counted"."latest"
FROM (SELECT "author_id", count(*)::int AS "total", max("created_at") AS "latest" FROM "posts" GROUP BY "author_id") AS "counted"
WHERE "profiles"."user_id" = "counted"."author_id";
