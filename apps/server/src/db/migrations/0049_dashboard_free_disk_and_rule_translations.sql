ALTER TABLE "daily_stats" ADD COLUMN "free_disk_bytes" bigint;--> statement-breakpoint
ALTER TABLE "server_rules" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;