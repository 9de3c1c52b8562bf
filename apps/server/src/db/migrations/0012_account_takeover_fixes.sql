CREATE TABLE "email_change_undos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"token_digest" text NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	CONSTRAINT "email_change_undos_token_digest_unique" UNIQUE("token_digest")
);
--> statement-breakpoint
ALTER TABLE "two_factor" ADD COLUMN "last_used_step" integer;--> statement-breakpoint
ALTER TABLE "email_change_undos" ADD CONSTRAINT "email_change_undos_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_change_undos_user_idx" ON "email_change_undos" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_change_undos_old_email_idx" ON "email_change_undos" USING btree (lower("old_email"));