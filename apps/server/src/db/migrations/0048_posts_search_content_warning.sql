-- Post search reads the content warning too (weight A, beside the caption), as Mastodon searches a
-- status's spoiler text. A generated column's expression cannot be altered in place: the column is
-- made again, and its GIN index (dropped with it) with it.
ALTER TABLE "posts" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(search_config('en'), caption), 'A') || setweight(to_tsvector(search_config('en'), content_warning), 'A') || setweight(to_tsvector(search_config('en'), post_alt_text(photos)), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");
