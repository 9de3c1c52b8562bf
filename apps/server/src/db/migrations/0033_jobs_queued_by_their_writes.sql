-- The jobs that writes queued from triggers (migrations 0014, 0015, 0020, 0023, 0025, 0028) are now
-- queued by the statements that make the writes, in their RETURNING (core/federation-jobs.ts for
-- the federation jobs, core/notify.ts for a group's web push), so that reading a service shows
-- what follows it. Task names and payloads are unchanged: jobs queued before this keep running.
DROP TRIGGER IF EXISTS "notification_groups_queue_push" ON "notification_groups";--> statement-breakpoint
DROP FUNCTION IF EXISTS "queue_group_push"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "posts_federation" ON "posts";--> statement-breakpoint
DROP FUNCTION IF EXISTS "queue_post_federation"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "post_likes_federation" ON "post_likes";--> statement-breakpoint
DROP FUNCTION IF EXISTS "queue_like_federation"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "comments_federation" ON "comments";--> statement-breakpoint
DROP FUNCTION IF EXISTS "queue_comment_federation"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "blocks_federation" ON "blocks";--> statement-breakpoint
DROP FUNCTION IF EXISTS "queue_block_federation"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "events_federation" ON "events";--> statement-breakpoint
DROP FUNCTION IF EXISTS "queue_event_federation"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "event_attendees_federation" ON "event_attendees";--> statement-breakpoint
DROP FUNCTION IF EXISTS "queue_event_join_federation"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "event_attendees_promotion_federation" ON "event_attendees";--> statement-breakpoint
DROP FUNCTION IF EXISTS "queue_event_promotion_federation"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "reports_forward" ON "reports";--> statement-breakpoint
DROP FUNCTION IF EXISTS "queue_report_forward"();
