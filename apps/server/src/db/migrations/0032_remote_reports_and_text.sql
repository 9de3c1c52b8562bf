ALTER TABLE "reports" ADD COLUMN "remote_domain" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_per_server_uq" ON "reports" USING btree ("remote_domain","target_type","target_id") WHERE "reports"."status" = 'open' and "reports"."remote_domain" is not null;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_count_positive" CHECK ("reports"."count" >= 1);--> statement-breakpoint
-- What other servers wrote before their text and links were checked on the way in
-- (features/federation: remote-actors.ts, remote-events.ts, objects/links.ts), made to follow the
-- same rules: direction controls (docs/security.md rule 21a) leave remote names, handles, bios and
-- event titles (a name left empty takes the handle's name), and a link that is not http(s) goes
-- (a profile's website becomes the account's id, which is https).
UPDATE "profiles" p SET
  "first_name" = CASE
    WHEN btrim(regexp_replace(p."first_name", '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]', '', 'g')) = ''
      THEN left(split_part(regexp_replace(p."username", '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]', '', 'g'), '@', 1), 50)
    ELSE regexp_replace(p."first_name", '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]', '', 'g')
  END,
  "bio" = regexp_replace(p."bio", '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]', '', 'g'),
  "website" = CASE WHEN p."website" ~* '^https?://[^/]' THEN p."website" ELSE a."iri" END
FROM "federation_actors" a
WHERE a."user_id" = p."user_id"
  AND (p."first_name" ~ '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]'
    OR p."bio" ~ '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]'
    OR p."website" !~* '^https?://[^/]');
--> statement-breakpoint
-- A handle is unique: one that would meet another account's once cleaned keeps its controls.
UPDATE "profiles" p SET "username" = regexp_replace(p."username", '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]', '', 'g')
FROM "federation_actors" a
WHERE a."user_id" = p."user_id"
  AND p."username" ~ '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]'
  AND NOT EXISTS (
    SELECT 1 FROM "profiles" o
    WHERE lower(o."username") = lower(regexp_replace(p."username", '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]', '', 'g'))
  );
--> statement-breakpoint
UPDATE "federation_actors" a SET "handle" = regexp_replace(a."handle", '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]', '', 'g')
WHERE a."handle" ~ '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]'
  AND NOT EXISTS (
    SELECT 1 FROM "federation_actors" o
    WHERE lower(o."handle") = lower(regexp_replace(a."handle", '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]', '', 'g'))
  );
--> statement-breakpoint
UPDATE "federation_actors" SET "url" = NULL WHERE "url" !~* '^https?://[^/]';
--> statement-breakpoint
UPDATE "federation_posts" SET "url" = NULL WHERE "url" !~* '^https?://[^/]';
--> statement-breakpoint
UPDATE "events" e SET
  "title" = CASE
    WHEN btrim(regexp_replace(e."title", '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]', '', 'g')) = '' THEN e."title"
    ELSE regexp_replace(e."title", '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]', '', 'g')
  END,
  "website" = CASE WHEN e."website" ~* '^https?://[^/]' THEN e."website" ELSE '' END
FROM "federation_events" f
WHERE f."event_id" = e."id"
  AND (e."title" ~ '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]' OR e."website" !~* '^https?://[^/]');
--> statement-breakpoint
UPDATE "federation_events" SET "url" = NULL WHERE "url" !~* '^https?://[^/]';
