/**
 * Apps as clients of the authorization server: registering one (`POST /api/v1/apps`), and finding
 * one by its client id, its secret checked against the stored hash. Anyone may register an app; it
 * can do nothing until a member authorizes it, and never more than the scopes it registered.
 */
import { timingSafeEqual } from 'node:crypto';
import { limits, messages, type OAuthScope, oobRedirectUri, parseScopes } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { oauthApps } from '../db/schema.ts';
import { invalid } from '../lib/errors.ts';
import { hashSecret, newSecret } from './tokens.ts';

export type OAuthApp = typeof oauthApps.$inferSelect;

/**
 * Schemes a browser would run or read in our own page instead of leaving it: the consent screen
 * sends the browser to the redirect URI, so one of these would run script on Glimpse's origin.
 */
const refusedSchemes = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:']);

/**
 * An app's redirect URI: absolute, without a fragment (RFC 6749 §3.1.2), any scheme an app can
 * receive (https, http for a local app, `com.example.app://oauth`) or the out-of-band URN.
 */
function checkedRedirectUri(uri: string): string {
  if (uri === oobRedirectUri) return uri;
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    throw invalid(messages.oauth.redirectUriInvalid(uri));
  }
  if (refusedSchemes.has(parsed.protocol) || parsed.hash !== '' || uri.includes('#') || /\s/.test(uri)) {
    throw invalid(messages.oauth.redirectUriInvalid(uri));
  }
  return uri;
}

/** `redirect_uris` as apps send it: an array, or one string with the URIs separated by spaces or new lines. */
export function parseRedirectUris(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/\s+/) : [];
  const uris = [
    ...new Set(list.filter((item): item is string => typeof item === 'string').map((item) => item.trim())),
  ].filter(Boolean);
  if (uris.length === 0) throw invalid(messages.oauth.redirectUrisRequired);
  if (uris.join('\n').length > limits.oauthRedirectUrisMax) {
    throw invalid(messages.common.invalidInput);
  }
  return uris.map(checkedRedirectUri);
}

export interface AppRegistration {
  name: unknown;
  website: unknown;
  redirectUris: unknown;
  scopes: unknown;
}

/** The registration's fields checked, as Mastodon checks them; a refusal stores nothing. */
export function checkRegistration(input: AppRegistration) {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) throw invalid(messages.oauth.appNameRequired);
  if (name.length > limits.oauthAppNameMax) throw invalid(messages.common.invalidInput);
  let website: string | null = null;
  if (typeof input.website === 'string' && input.website.trim()) {
    website = input.website.trim();
    let protocol = '';
    try {
      protocol = new URL(website).protocol;
    } catch {}
    if (!['http:', 'https:'].includes(protocol) || website.length > limits.oauthAppWebsiteMax) {
      throw invalid(messages.oauth.websiteInvalid);
    }
  } else if (input.website !== undefined && input.website !== null && typeof input.website !== 'string') {
    throw invalid(messages.oauth.websiteInvalid);
  }
  const redirectUris = parseRedirectUris(input.redirectUris);
  if (input.scopes !== undefined && input.scopes !== null && typeof input.scopes !== 'string') {
    throw invalid(messages.oauth.unknownScope(String(input.scopes)));
  }
  const { scopes, unknown } = parseScopes(input.scopes);
  if (unknown.length > 0) throw invalid(messages.oauth.unknownScope(unknown.join(' ')));
  return { name, website, redirectUris, scopes };
}

/** Registers an app: its client id and secret are shown once, in this answer; only the secret's hash is kept. */
export async function registerApp(
  db: Db,
  registration: { name: string; website: string | null; redirectUris: string[]; scopes: OAuthScope[] },
): Promise<{ app: OAuthApp; clientSecret: string }> {
  const clientSecret = newSecret();
  const [app] = await db
    .insert(oauthApps)
    .values({
      clientId: newSecret(),
      clientSecretHash: hashSecret(clientSecret),
      name: registration.name,
      website: registration.website,
      redirectUris: registration.redirectUris,
      scopes: registration.scopes,
    })
    .returning();
  return { app: app!, clientSecret };
}

export async function findAppByClientId(db: Db, clientId: string): Promise<OAuthApp | null> {
  const [app] = await db.select().from(oauthApps).where(eq(oauthApps.clientId, clientId));
  return app ?? null;
}

/** Whether `secret` is the app's client secret: its hash compared in constant time. */
export function isClientSecret(app: OAuthApp, secret: string): boolean {
  const given = Buffer.from(hashSecret(secret));
  const stored = Buffer.from(app.clientSecretHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}
