-- Federation (issue 25, second part): domain blocks, the keys a deleted member's farewell is signed
-- with, the replies that came as comments, and the triggers that queue likes, comments and blocks.
CREATE TABLE "federation_domain_blocks" (
	"domain" text PRIMARY KEY NOT NULL,
	"media_only" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "federation_domain_blocks" ADD CONSTRAINT "federation_domain_blocks_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "federation_farewells" (
	"user_id" text PRIMARY KEY NOT NULL,
	"rsa_public" jsonb NOT NULL,
	"rsa_private" jsonb NOT NULL,
	"ed25519_public" jsonb NOT NULL,
	"ed25519_private" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "federation_comments" (
	"comment_id" uuid PRIMARY KEY NOT NULL,
	"iri" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "federation_comments" ADD CONSTRAINT "federation_comments_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federation_comments_iri_uq" ON "federation_comments" USING btree ("iri");--> statement-breakpoint
-- A member's like or comment on a remote account's post queues its delivery to that account in the
-- same transaction (features/federation/interactions.ts runs the jobs): Like / Undo(Like), and the
-- comment as a reply Note / Delete. Likes and comments by remote accounts queue nothing.
CREATE FUNCTION "queue_like_federation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row post_likes%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  IF EXISTS (SELECT 1 FROM posts p JOIN federation_actors a ON a.user_id = p.author_id WHERE p.id = row.post_id)
     AND NOT EXISTS (SELECT 1 FROM federation_actors a WHERE a.user_id = row.user_id) THEN
    PERFORM graphile_worker.add_job(
      'federation_like',
      json_build_object('postId', row.post_id, 'userId', row.user_id, 'liked', TG_OP = 'INSERT'));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "post_likes_federation" AFTER INSERT OR DELETE ON "post_likes"
FOR EACH ROW EXECUTE FUNCTION "queue_like_federation"();
--> statement-breakpoint
CREATE FUNCTION "queue_comment_federation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row comments%ROWTYPE;
  post_author text;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  SELECT p.author_id INTO post_author FROM posts p JOIN federation_actors a ON a.user_id = p.author_id
    WHERE p.id = row.post_id;
  IF post_author IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM federation_actors a WHERE a.user_id = row.author_id) THEN
    PERFORM graphile_worker.add_job(
      'federation_comment',
      json_build_object('commentId', row.id, 'postId', row.post_id, 'authorId', row.author_id,
        'postAuthorId', post_author, 'kind', lower(TG_OP)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "comments_federation" AFTER INSERT OR DELETE ON "comments"
FOR EACH ROW EXECUTE FUNCTION "queue_comment_federation"();
--> statement-breakpoint
-- A member blocking (or unblocking) a remote account tells its server: Block / Undo(Block).
CREATE FUNCTION "queue_block_federation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row blocks%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  IF EXISTS (SELECT 1 FROM federation_actors a WHERE a.user_id = row.blocked_id)
     AND NOT EXISTS (SELECT 1 FROM federation_actors a WHERE a.user_id = row.blocker_id) THEN
    PERFORM graphile_worker.add_job(
      'federation_block',
      json_build_object('blockerId', row.blocker_id, 'blockedId', row.blocked_id, 'blocked', TG_OP = 'INSERT'));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "blocks_federation" AFTER INSERT OR DELETE ON "blocks"
FOR EACH ROW EXECUTE FUNCTION "queue_block_federation"();
