-- An app's description of a post photo it uploaded and has not posted yet (the client API's
-- PUT /api/v1/media/:id): the alt text the photo's post starts with (docs/api.md).
ALTER TABLE "images" ADD COLUMN "pending_alt_text" text;