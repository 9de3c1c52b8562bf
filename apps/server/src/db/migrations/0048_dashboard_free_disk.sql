ALTER TABLE "daily_stats" ADD COLUMN "free_disk_bytes" bigint;
