/**
 * The Account entity (docs.joinmastodon.org/entities/Account; Mastodon's REST::AccountSerializer):
 * one Glimpse profile, local or mirrored from another server. `display_name` is first and last
 * name, `acct` the bare username here and `name@host` for a remote account, `locked` a private
 * account. Every picture is a URL, a placeholder when the member has none (Tusky crashed on null).
 */
import type { ImageDto } from '@glimpse/shared';
import { paths } from '@glimpse/shared';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { imageDtoColumns, toImageDto } from '../../../core/images.ts';
import { preparedFor } from '../../../core/prepared.ts';
import type { Db } from '../../../db/client.ts';
import { federationActors, images, profiles } from '../../../db/schema.ts';
import type { Storage } from '../../../storage/storage.ts';
import { escapedParagraphs } from './html.ts';
import { absoluteUrl } from './urls.ts';

export interface MastodonAccount {
  id: string;
  username: string;
  acct: string;
  display_name: string;
  locked: boolean;
  bot: boolean;
  discoverable: boolean;
  indexable: boolean;
  group: boolean;
  noindex: boolean;
  created_at: string;
  note: string;
  url: string;
  uri: string;
  avatar: string;
  avatar_static: string;
  header: string;
  header_static: string;
  followers_count: number;
  following_count: number;
  statuses_count: number;
  last_status_at: string | null;
  hide_collections: boolean;
  emojis: [];
  fields: { name: string; value: string; verified_at: string | null }[];
  roles: [];
  moved?: MastodonAccount | null;
}

/** What the serializer needs of one account, read by `loadAccounts` in one query for a set of ids. */
export interface AccountRow {
  userId: string;
  username: string;
  firstName: string;
  lastName: string;
  bio: string;
  website: string;
  isPrivate: boolean;
  createdAt: Date;
  followerCount: number;
  followingCount: number;
  profileImage: ImageDto | null;
  backgroundImage: ImageDto | null;
  statusesCount: number;
  lastStatusAt: Date | null;
  /** Where the account lives when it is another server's: its actor id and profile page. */
  remote: { iri: string; url: string | null } | null;
}

/** Shown for a member without a picture: files of the web app (apps/web/public/placeholders/). */
export const placeholderPaths = { avatar: '/placeholders/avatar.png', header: '/placeholders/header.png' };

/**
 * Each row's entity, made once: a page of statuses names the same few accounts on most of its
 * statuses (authors, sharers, mentions), and the entities are read, never changed, after.
 */
const serialized = new WeakMap<AccountRow, { publicUrl: string; account: MastodonAccount }>();

export function serializeAccount(row: AccountRow, publicUrl: string): MastodonAccount {
  const known = serialized.get(row);
  if (known?.publicUrl === publicUrl) return known.account;
  const account = accountEntity(row, publicUrl);
  serialized.set(row, { publicUrl, account });
  return account;
}

function accountEntity(row: AccountRow, publicUrl: string): MastodonAccount {
  const avatar = absoluteUrl(row.profileImage?.url ?? placeholderPaths.avatar, publicUrl);
  const header = absoluteUrl(row.backgroundImage?.url ?? placeholderPaths.header, publicUrl);
  const localUrl = absoluteUrl(paths.userPublicFeed(row.userId), publicUrl);
  const [name] = row.username.split('@');
  return {
    id: row.userId,
    username: name ?? row.username,
    acct: row.username,
    display_name: [row.firstName, row.lastName].filter(Boolean).join(' '),
    locked: row.isPrivate,
    bot: false,
    discoverable: true,
    indexable: !row.isPrivate,
    group: false,
    noindex: false,
    created_at: row.createdAt.toISOString(),
    note: escapedParagraphs(row.bio),
    url: row.remote ? (row.remote.url ?? row.remote.iri) : localUrl,
    uri: row.remote ? row.remote.iri : localUrl,
    avatar,
    avatar_static: avatar,
    header,
    header_static: header,
    followers_count: row.followerCount,
    following_count: row.followingCount,
    statuses_count: row.statusesCount,
    // Mastodon gives the day only.
    last_status_at: row.lastStatusAt ? row.lastStatusAt.toISOString().slice(0, 10) : null,
    hide_collections: row.isPrivate,
    emojis: [],
    fields: row.website
      ? [
          {
            name: 'Website',
            value: `<a href="${encodeURI(row.website)}" rel="nofollow noopener noreferrer" target="_blank">${escapedParagraphs(row.website, { inline: true })}</a>`,
            verified_at: null,
          },
        ]
      : [],
    roles: [],
  };
}

const profileImage = alias(images, 'account_avatar');
const backgroundImage = alias(images, 'account_header');

/**
 * Prepared once: every list the API answers reads its accounts this way, and planning the
 * three joins for a page's ids cost as much as running them.
 */
const accountStatements = preparedFor((db) => ({
  byIds: db
    .select({
      profile: profiles,
      profileImage: imageDtoColumns(profileImage),
      backgroundImage: imageDtoColumns(backgroundImage),
      remoteIri: federationActors.iri,
      remoteUrl: federationActors.url,
    })
    .from(profiles)
    .leftJoin(profileImage, eq(profileImage.id, profiles.profileImageId))
    .leftJoin(backgroundImage, eq(backgroundImage.id, profiles.backgroundImageId))
    .leftJoin(federationActors, eq(federationActors.userId, profiles.userId))
    .where(
      sql`${profiles.userId} = any(${sql.placeholder('ids')}::text[]) or lower(${profiles.username}) = any(${sql.placeholder('usernames')}::text[])`,
    )
    .prepare('client_api_accounts'),
}));

/**
 * The accounts of `userIds`, and of `usernames` (lowercase, as a caption @mentions them), that have
 * a profile: one statement, so a page's authors and the accounts its captions name cost one trip.
 */
export async function loadAccounts(
  db: Db,
  storage: Storage,
  userIds: readonly string[],
  usernames: readonly string[] = [],
): Promise<Map<string, AccountRow>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0 && usernames.length === 0) return new Map();
  const rows = await accountStatements(db).byIds.execute({ ids, usernames });
  return new Map(
    rows.map(({ profile, ...row }) => [
      profile.userId,
      {
        userId: profile.userId,
        username: profile.username,
        firstName: profile.firstName,
        lastName: profile.lastName,
        bio: profile.bio,
        website: profile.website,
        isPrivate: profile.isPrivate,
        createdAt: profile.createdAt,
        followerCount: profile.followerCount,
        followingCount: profile.followingCount,
        profileImage: row.profileImage ? toImageDto(storage, row.profileImage) : null,
        backgroundImage: row.backgroundImage ? toImageDto(storage, row.backgroundImage) : null,
        statusesCount: profile.postCount,
        lastStatusAt: profile.lastPostAt,
        remote: row.remoteIri ? { iri: row.remoteIri, url: row.remoteUrl } : null,
      },
    ]),
  );
}

/** The Account entity in every list that answers accounts: `ids` in their order, those with a profile. */
export async function serializeAccounts(
  db: Db,
  storage: Storage,
  ids: readonly string[],
  publicUrl: string,
): Promise<MastodonAccount[]> {
  const accounts = await loadAccounts(db, storage, ids);
  return ids.flatMap((id) => {
    const account = accounts.get(id);
    return account ? [serializeAccount(account, publicUrl)] : [];
  });
}
