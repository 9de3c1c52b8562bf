CREATE TABLE "instance_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"registration_mode" text DEFAULT 'open' NOT NULL,
	"invites_by" text DEFAULT 'members' NOT NULL,
	"waiting_notice_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_settings_one_row" CHECK ("instance_settings"."id")
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"inviter_id" text NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_code_unique" UNIQUE("code"),
	CONSTRAINT "invites_uses_within_max" CHECK ("invites"."max_uses" is null or "invites"."uses" <= "invites"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "rejected_sign_ups" (
	"email" text PRIMARY KEY NOT NULL,
	"rejected_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_rules" (
	"report_id" text NOT NULL,
	"rule_id" uuid NOT NULL,
	CONSTRAINT "report_rules_report_id_rule_id_pk" PRIMARY KEY("report_id","rule_id")
);
--> statement-breakpoint
CREATE TABLE "server_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_ups" (
	"user_id" text PRIMARY KEY NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"network" text NOT NULL,
	"invite_id" uuid,
	"inviter_id" text,
	"waiting" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_inviter_id_user_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_rules" ADD CONSTRAINT "report_rules_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_rules" ADD CONSTRAINT "report_rules_rule_id_server_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."server_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_ups" ADD CONSTRAINT "sign_ups_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_ups" ADD CONSTRAINT "sign_ups_invite_id_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."invites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_ups" ADD CONSTRAINT "sign_ups_inviter_id_user_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invites_inviter_created_idx" ON "invites" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "report_rules_rule_idx" ON "report_rules" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "server_rules_position_idx" ON "server_rules" USING btree ("position");--> statement-breakpoint
CREATE INDEX "sign_ups_waiting_idx" ON "sign_ups" USING btree ("created_at") WHERE "sign_ups"."waiting";--> statement-breakpoint
CREATE INDEX "sign_ups_network_created_idx" ON "sign_ups" USING btree ("network","created_at");--> statement-breakpoint
INSERT INTO "instance_settings" ("id") VALUES (true) ON CONFLICT DO NOTHING;
