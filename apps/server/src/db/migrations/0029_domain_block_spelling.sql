-- Domain blocks in the one spelling the server now matches them in (packages/shared domains.ts,
-- `normalizeDomain`): lower case, no trailing dot. The form used to store `example.com.` and
-- `localhost.`, which no host ever matched. International names were refused, so none is stored
-- in Unicode. Where both spellings of a host are blocked, the one already written plainly stays.
DELETE FROM "federation_domain_blocks" d
WHERE regexp_replace(lower(d."domain"), '\.(:[0-9]+)?$', '\1') <> d."domain"
  AND EXISTS (
    SELECT 1 FROM "federation_domain_blocks" plain
    WHERE plain."domain" = regexp_replace(lower(d."domain"), '\.(:[0-9]+)?$', '\1')
  );
--> statement-breakpoint
UPDATE "federation_domain_blocks"
SET "domain" = regexp_replace(lower("domain"), '\.(:[0-9]+)?$', '\1')
WHERE regexp_replace(lower("domain"), '\.(:[0-9]+)?$', '\1') <> "domain";
--> statement-breakpoint
-- The suspensions such a block made name it: they follow it, so that unblocking lifts them.
UPDATE "user"
SET "ban_reason" = 'domain:' || regexp_replace(lower(substr("ban_reason", 8)), '\.(:[0-9]+)?$', '\1')
WHERE "ban_reason" LIKE 'domain:%'
  AND regexp_replace(lower(substr("ban_reason", 8)), '\.(:[0-9]+)?$', '\1') <> substr("ban_reason", 8);
