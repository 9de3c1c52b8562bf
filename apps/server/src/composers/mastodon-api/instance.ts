/**
 * The instance (docs.joinmastodon.org/methods/instance; Mastodon's REST::InstanceSerializer and
 * REST::V1::InstanceSerializer): what an app reads before and right after sign-in to learn what
 * the server allows. Anyone may read them, with or without a token. Every figure comes from where
 * Glimpse keeps it (shared limits, the app's version, the VAPID key, the member counts NodeInfo
 * publishes), so the apps are told the limits the web app enforces.
 *
 * `version` starts with a Mastodon version, since apps gate features on it (Ivory, Ice Cubes read
 * the number before the first space); Glimpse's own follows in parentheses, as GoToSocial and
 * Pixelfed do.
 */
import { appName, appVersion, languageCodes, limits, messages, ruleIn, videoFormats } from '@glimpse/shared';
import { countDistinct, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { registrationSettings } from '../../core/registrations.ts';
import { federationActors, profiles, user } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { listRules } from '../../features/community/rules.ts';
import { ffmpegOf } from '../../features/images/video.ts';
import { vapidKeys } from '../../features/notifications/vapid.ts';
import { currentLanguage } from '../../lib/language.ts';
import { nodeInfoOf } from '../federation/objects/nodeinfo.ts';
import type { MastodonEnv } from './http.ts';
import { loadAccounts, serializeAccount } from './serializers/account.ts';

/** The Mastodon API version Glimpse answers as: the one whose shapes the serializers follow. */
export const mastodonVersion = `4.3.0 (compatible; ${appName} ${appVersion})`;

/** The web app's own words about the server (apps/web/public/manifest.webmanifest). */
const description = 'Share photo posts and events with the people you follow.';

/** The types the upload pipeline accepts (features/images/pipeline.ts sniffs them by content). */
export const supportedMimeTypes = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/heic',
  'image/heif',
] as const;

/**
 * The server's rules (/admin/rules) as Mastodon's Rule entity: `hint` is the explanation, both in
 * the request's language where the admin gave it (else the rule's own), and `translations` every
 * language given, as Mastodon 4.4 sends them.
 */
async function rulesOf(c: { get(key: 'deps'): MastodonEnv['Variables']['deps'] }) {
  const rules = await listRules(c.get('deps').db);
  const language = currentLanguage();
  return rules.map((rule) => {
    const shown = ruleIn(rule, language);
    return {
      id: rule.id,
      text: shown.text,
      hint: shown.explanation,
      translations: Object.fromEntries(
        Object.entries(rule.translations).map(([code, words]) => [
          code,
          { text: words?.text || rule.text, hint: words?.explanation || rule.explanation },
        ]),
      ),
    };
  });
}

/**
 * The registration mode (/admin/registrations) as Mastodon words it: sign-ups are enabled unless
 * closed, and need approval in the Approval required mode. Invite only is "enabled" with a message,
 * as a Mastodon server with invites only answers: apps show the message and link to the web sign-up.
 */
async function registrationsOf(c: { get(key: 'deps'): MastodonEnv['Variables']['deps'] }) {
  const { mode } = await registrationSettings(c.get('deps').db);
  return {
    enabled: mode !== 'closed',
    approvalRequired: mode === 'approval',
    message:
      mode === 'invite'
        ? messages.registrations.inviteRequired
        : mode === 'closed'
          ? messages.registrations.closed
          : null,
  };
}

/** Local accounts with a profile, local posts (as NodeInfo counts them) and the servers known here. */
async function instanceStats(c: { get(key: 'deps'): MastodonEnv['Variables']['deps'] }) {
  const { db, env } = c.get('deps');
  const info = await nodeInfoOf(db, env);
  const [domains] = await db.select({ n: countDistinct(federationActors.domain) }).from(federationActors);
  return {
    users: info.usage.users.total ?? 0,
    statuses: info.usage.localPosts ?? 0,
    domains: domains?.n ?? 0,
  };
}

/** The first admin's account, shown as the one to contact; null on a server without one yet. */
async function contactAccount(c: { get(key: 'deps'): MastodonEnv['Variables']['deps'] }) {
  const { db, storage, env } = c.get('deps');
  const [admin] = await db
    .select({ id: user.id })
    .from(user)
    .innerJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.role, 'admin'))
    .orderBy(user.createdAt)
    .limit(1);
  if (!admin) return null;
  const account = (await loadAccounts(db, storage, [admin.id])).get(admin.id);
  return account ? serializeAccount(account, env.publicUrl) : null;
}

/**
 * What both versions say of uploads, within the web's limits: photos always; videos only when the
 * server has an ffmpeg (features/images/video.ts), else 0 for each video limit, which apps read as
 * "not accepted" rather than as an unknown limit.
 */
async function mediaConfiguration(env: Env) {
  const video = (await ffmpegOf(env)) !== null;
  return {
    supported_mime_types: [...supportedMimeTypes, ...(video ? videoFormats.mimeTypes : [])],
    description_limit: limits.altTextMax,
    image_size_limit: limits.imageMaxBytes,
    image_matrix_limit: limits.imageMaxPixels,
    video_size_limit: video ? env.VIDEO_MAX_MB * 1024 * 1024 : 0,
    video_frame_rate_limit: video ? limits.videoMaxFps : 0,
    video_matrix_limit: video ? limits.videoMaxPixels : 0,
  };
}

const statusesConfiguration = {
  max_characters: limits.captionMax,
  max_media_attachments: limits.postPhotosMax,
  characters_reserved_per_url: 23,
};

const streamingOf = (publicUrl: string) => publicUrl.replace(/^http/, 'ws');

export const instanceRoutes = new Hono<MastodonEnv>()
  .get('/v2/instance', async (c) => {
    const { env } = c.get('deps');
    const host = new URL(env.publicUrl).host;
    const [stats, contact, vapid, media, rules, registrations] = await Promise.all([
      instanceStats(c),
      contactAccount(c),
      vapidKeys(env),
      mediaConfiguration(env),
      rulesOf(c),
      registrationsOf(c),
    ]);
    const icon = (size: number) => ({
      src: new URL(`/icons/icon-${size}.png`, env.publicUrl).toString(),
      size: `${size}x${size}`,
    });
    return c.json({
      domain: host,
      title: appName,
      version: mastodonVersion,
      // Glimpse publishes no repository address of its own; the server is where it is found.
      source_url: env.publicUrl,
      description,
      usage: { users: { active_month: stats.users } },
      thumbnail: {
        url: new URL('/icons/icon-512.png', env.publicUrl).toString(),
        blurhash: null,
        versions: {
          '@1x': new URL('/icons/icon-256.png', env.publicUrl).toString(),
          '@2x': new URL('/icons/icon-512.png', env.publicUrl).toString(),
        },
      },
      icon: [icon(48), icon(72), icon(96), icon(128), icon(144), icon(192), icon(256), icon(384), icon(512)],
      languages: [...languageCodes],
      configuration: {
        urls: {
          streaming: streamingOf(env.publicUrl),
          status: null,
          about: new URL('/help', env.publicUrl).toString(),
          privacy_policy: new URL('/privacy', env.publicUrl).toString(),
          terms_of_service: new URL('/terms', env.publicUrl).toString(),
        },
        vapid: { public_key: vapid.publicKey },
        accounts: { max_featured_tags: 0, max_pinned_statuses: 0 },
        statuses: statusesConfiguration,
        media_attachments: media,
        // Glimpse has no polls: Mastodon documents `polls` as the limits of polls a server takes,
        // and zero options tells an app (Ice Cubes, Ivory) to hide its poll button.
        polls: { max_options: 0, max_characters_per_option: 0, min_expiration: 0, max_expiration: 0 },
        translation: { enabled: false },
      },
      registrations: {
        enabled: registrations.enabled,
        approval_required: registrations.approvalRequired,
        message: registrations.message,
        url: null,
      },
      api_versions: { mastodon: 2 },
      // An empty address, never a missing field: Ivory and Ice Cubes decode `email` as a string.
      contact: { email: '', account: contact },
      rules,
    });
  })
  .get('/v1/instance', async (c) => {
    const { env } = c.get('deps');
    const [stats, contact, media, rules, registrations] = await Promise.all([
      instanceStats(c),
      contactAccount(c),
      mediaConfiguration(env),
      rulesOf(c),
      registrationsOf(c),
    ]);
    return c.json({
      uri: new URL(env.publicUrl).host,
      title: appName,
      short_description: description,
      description,
      email: '',
      version: mastodonVersion,
      // megalodon opens its WebSocket here (`?stream=user&access_token=…`).
      urls: { streaming_api: streamingOf(env.publicUrl) },
      stats: { user_count: stats.users, status_count: stats.statuses, domain_count: stats.domains },
      thumbnail: new URL('/icons/icon-512.png', env.publicUrl).toString(),
      languages: [...languageCodes],
      registrations: registrations.enabled,
      approval_required: registrations.approvalRequired,
      // Members may make invite links (/settings/invites) unless sign-ups are closed.
      invites_enabled: registrations.enabled,
      configuration: {
        accounts: { max_featured_tags: 0 },
        statuses: statusesConfiguration,
        media_attachments: media,
        polls: { max_options: 0, max_characters_per_option: 0, min_expiration: 0, max_expiration: 0 },
      },
      contact_account: contact,
      rules,
    });
  })
  .get('/v1/instance/rules', async (c) => c.json(await rulesOf(c)));
