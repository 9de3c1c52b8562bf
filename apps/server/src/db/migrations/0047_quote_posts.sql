CREATE TABLE "post_quotes" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"quoted_post_id" uuid,
	"state" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_quotes_state_known" CHECK ("post_quotes"."state" in ('pending', 'accepted', 'rejected', 'revoked'))
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "quote_policy" text DEFAULT 'followers' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "quote_policy" text DEFAULT 'followers' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_quotes" ADD CONSTRAINT "post_quotes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_quotes" ADD CONSTRAINT "post_quotes_quoted_post_id_posts_id_fk" FOREIGN KEY ("quoted_post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_quotes_quoted_idx" ON "post_quotes" USING btree ("quoted_post_id") WHERE "post_quotes"."quoted_post_id" is not null;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_quote_policy_known" CHECK ("posts"."quote_policy" in ('anyone', 'followers', 'nobody'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_quote_policy_known" CHECK ("profiles"."quote_policy" in ('anyone', 'followers', 'nobody'));