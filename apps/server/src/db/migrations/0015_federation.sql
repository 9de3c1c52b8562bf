-- Federation over ActivityPub (issue 25, features/federation; docs/data-model.md "Federation").
CREATE TABLE "federation_actors" (
	"user_id" text PRIMARY KEY NOT NULL,
	"iri" text NOT NULL,
	"handle" text NOT NULL,
	"domain" text NOT NULL,
	"inbox" text NOT NULL,
	"shared_inbox" text,
	"followers_url" text,
	"url" text,
	"public_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fetched_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_keys" (
	"user_id" text PRIMARY KEY NOT NULL,
	"rsa_public" jsonb NOT NULL,
	"rsa_private" jsonb NOT NULL,
	"ed25519_public" jsonb NOT NULL,
	"ed25519_private" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_kv" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "federation_posts" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"iri" text NOT NULL,
	"url" text
);
--> statement-breakpoint
CREATE TABLE "follow_requests" (
	"follower_id" text NOT NULL,
	"followee_id" text NOT NULL,
	"activity_iri" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_requests_follower_id_followee_id_pk" PRIMARY KEY("follower_id","followee_id"),
	CONSTRAINT "follow_requests_not_self" CHECK ("follow_requests"."follower_id" <> "follow_requests"."followee_id")
);
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "jpeg_key" text;--> statement-breakpoint
ALTER TABLE "federation_actors" ADD CONSTRAINT "federation_actors_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_keys" ADD CONSTRAINT "federation_keys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_posts" ADD CONSTRAINT "federation_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_requests" ADD CONSTRAINT "follow_requests_follower_id_user_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_requests" ADD CONSTRAINT "follow_requests_followee_id_user_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federation_actors_iri_uq" ON "federation_actors" USING btree ("iri");--> statement-breakpoint
CREATE UNIQUE INDEX "federation_actors_handle_uq" ON "federation_actors" USING btree (lower("handle"));--> statement-breakpoint
CREATE INDEX "federation_actors_domain_idx" ON "federation_actors" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "federation_kv_expires_idx" ON "federation_kv" USING btree ("expires_at") WHERE "federation_kv"."expires_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "federation_posts_iri_uq" ON "federation_posts" USING btree ("iri");--> statement-breakpoint
CREATE INDEX "follow_requests_followee_idx" ON "follow_requests" USING btree ("followee_id","created_at");--> statement-breakpoint
-- A local post created, edited or deleted queues its delivery in the same transaction, when its
-- author has a follower on another server (features/federation/outbox.ts runs the job). Remote
-- authors have no remote followers, so their posts queue nothing.
CREATE FUNCTION "queue_post_federation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row posts%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  IF TG_OP = 'UPDATE' AND NEW.caption IS NOT DISTINCT FROM OLD.caption
     AND NEW.sensitive IS NOT DISTINCT FROM OLD.sensitive
     AND NEW.edited_at IS NOT DISTINCT FROM OLD.edited_at THEN
    RETURN NULL;
  END IF;
  IF EXISTS (
    SELECT 1 FROM follows f JOIN federation_actors a ON a.user_id = f.follower_id
    WHERE f.followee_id = row.author_id
  ) THEN
    PERFORM graphile_worker.add_job(
      'federation_post',
      json_build_object('postId', row.id, 'authorId', row.author_id, 'kind', lower(TG_OP)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "posts_federation" AFTER INSERT OR UPDATE OR DELETE ON "posts"
FOR EACH ROW EXECUTE FUNCTION "queue_post_federation"();
