-- An app's token, sealed under the auth secret, for Mastodon's push payload (lib/sealed.ts).
ALTER TABLE "push_subscriptions" ADD COLUMN "sealed_access_token" jsonb;
