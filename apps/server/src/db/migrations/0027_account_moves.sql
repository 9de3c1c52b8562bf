CREATE TABLE "account_aliases" (
	"user_id" text NOT NULL,
	"iri" text NOT NULL,
	"handle" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_aliases_user_id_iri_pk" PRIMARY KEY("user_id","iri")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "moved_to_id" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "moved_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "account_aliases" ADD CONSTRAINT "account_aliases_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_moved_to_id_user_id_fk" FOREIGN KEY ("moved_to_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
