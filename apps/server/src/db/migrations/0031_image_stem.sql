-- /media finds the upload a requested file belongs to by the name all its files share, to tell a
-- photo open to everyone from one only its audience may load (core/images.ts mediaReachOf).
CREATE INDEX "images_stem_idx" ON "images" USING btree (regexp_replace("keys"[1], '-[0-9]+[.]webp$', ''));