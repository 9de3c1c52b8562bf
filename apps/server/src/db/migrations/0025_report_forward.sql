CREATE TABLE "federation_instance_keys" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"rsa_public" jsonb NOT NULL,
	"rsa_private" jsonb NOT NULL,
	"ed25519_public" jsonb NOT NULL,
	"ed25519_private" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "federation_instance_keys_singleton" CHECK ("federation_instance_keys"."singleton")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "forward" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A report the reporter asked to forward goes to the reported account's server as a Flag from our
-- instance actor: the job is queued with the report, in its transaction (features/federation/report-forward.ts).
CREATE FUNCTION "queue_report_forward"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job('federation_flag', json_build_object('reportId', NEW.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reports_forward" AFTER INSERT ON "reports"
FOR EACH ROW WHEN (NEW.forward) EXECUTE FUNCTION "queue_report_forward"();
