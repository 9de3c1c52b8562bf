CREATE TABLE "email_domain_blocks" (
	"domain" text PRIMARY KEY NOT NULL,
	"severity" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_domain_blocks_severity_known" CHECK ("email_domain_blocks"."severity" in ('refuse', 'approval'))
);
--> statement-breakpoint
ALTER TABLE "instance_settings" ADD COLUMN "challenge_difficulty" integer DEFAULT 50000 NOT NULL;