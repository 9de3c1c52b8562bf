ALTER TABLE "reports" DROP CONSTRAINT "reports_reported_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reported_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_user_id_user_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;