/**
 * The search engine on PostgreSQL (engine.ts): full-text search on the generated `search_vector`
 * columns of posts and events (migration 0016: stemmed, caption/title weighted above alt
 * text/description, GIN-indexed), pg_trgm similarity for names and tags, and the visibility rule of
 * core/visibility.ts inside every statement, so hidden accounts never take a place in a
 * page. Queries are parsed by `websearch_to_tsquery`, which accepts any text: operators such as
 * `&|!:*` are read as separators, never as syntax, so no input makes it fail.
 */
import type { PlaceSuggestionDto, TagDayDto, TextRange } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { withTransaction } from '../../core/service.ts';
import { contentVisibleTo, hiddenAccounts, visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { events, places, posts, postTags, profiles } from '../../db/schema.ts';
import type { PostHit, SearchEngine } from './engine.ts';

/** Search shows strangers' things: public ones of public accounts only, never a muted account's. */
const strangersSee = { muted: true, publicOnly: true };

/** Places whose posts a suggestion counts (the closest by spelling), and how far each count goes. */
const placeCandidatesMax = 50;
const placeCountMax = 1000;

/** The query's dictionary: English; the member's saved language (`user.language`) could choose it. */
const config = sql`search_config('en')`;
const tsQuery = (words: string) => sql`websearch_to_tsquery(${config}, ${words})`;

/** `%`, `_` and `\` typed by a person are letters, not LIKE wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

// ts_headline marks matches with these; they cannot be typed into a caption that reaches here
// (a caption holding one is left without highlights rather than highlighted wrongly).
const startMark = '\u0002';
const stopMark = '\u0003';
const headlineOptions = `HighlightAll=true, StartSel=${startMark}, StopSel=${stopMark}`;

/** Reads ts_headline's marked text back into ranges of the original caption. */
export function markedRanges(caption: string, marked: string): TextRange[] {
  if (caption.includes(startMark) || caption.includes(stopMark)) return [];
  const ranges: TextRange[] = [];
  let plain = '';
  let start = -1;
  for (const ch of marked) {
    if (ch === startMark) start = plain.length;
    else if (ch === stopMark) {
      if (start >= 0 && plain.length > start) ranges.push([start, plain.length]);
      start = -1;
    } else plain += ch;
  }
  // HighlightAll gives the whole text back; anything else means the marks cannot be trusted.
  return plain === caption ? ranges : [];
}

const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The newest `searchRankedMax` matches, which the page then ranks among themselves: a word found in
 * a fifth of all posts costs a walk down posts_created_idx, not a rank of every match. A phrase is
 * the exception: PostgreSQL guesses it as common as its words together (`"golden light"`: 4,300
 * posts guessed, 733 real at scale 1), and its walk then read 134,000 rows to find 500 (140 ms).
 * Ordered by an expression no index has, a phrase goes through the GIN index instead: every match
 * found, the newest kept (26 ms). docs/performance.md, "search".
 */
function newestMatches(columns: SQL, where: SQL, phrase: boolean, limit: number): SQL {
  const newest = phrase
    ? sql`(${posts.createdAt} + interval '0 seconds') desc, ${posts.id} desc`
    : sql`${posts.createdAt} desc, ${posts.id} desc`;
  return sql`select ${columns} from ${posts} where ${where} order by ${newest} limit ${limit}`;
}

/** A quoted phrase of several words (one quoted word is just a word). */
const hasPhrase = (words: string) => /"[^"]*\S\s+\S[^"]*"/.test(words);

/** How many of a tag's posts the first, planner-free try walks (newest first). */
export const tagWalkMax = 3000;

/**
 * The newest matches among a tag's posts. Filtered by words too, the planner picks between walking
 * the tag's index newest first (right when the words are common: `#coffee beach` finds its 500 in
 * 2,700 rows, 9 ms) and joining the tag to the words' matches (right when they are rare: 4 ms),
 * and at scale 1 it chose the join for common words: 120 ms over every post. So the walk runs
 * first, bounded to the tag's newest `tagWalkMax` posts, and it is the answer when it found a full
 * list or walked the whole tag; otherwise the planner's join runs (a one-time filter: one or the
 * other, in one statement). Without words the walk is the planner's own plan.
 */
function newestTagged(tag: string, columns: SQL, where: SQL, withWords: boolean, limit: number): SQL {
  const joined = sql`select ${columns} from ${posts}
      join ${postTags} as tagged on tagged.post_id = ${posts.id} and tagged.tag = ${tag}
      where ${where} order by tagged.post_created_at desc, tagged.post_id desc limit ${limit}`;
  if (!withWords) return joined;
  // `offset 0` keeps the lateral subquery a subquery: one primary-key look-up per tagged row.
  const walk = sql`select matched.* from (
        select ${postTags.postId} as post_id, ${postTags.postCreatedAt} as post_created_at from ${postTags}
        where ${postTags.tag} = ${tag} and ${postTags.listed}
        order by ${postTags.postCreatedAt} desc, ${postTags.postId} desc limit ${tagWalkMax}
      ) as tagged cross join lateral (select ${columns} from ${posts} where ${posts.id} = tagged.post_id and ${where} offset 0) as matched
      order by tagged.post_created_at desc, tagged.post_id desc limit ${limit}`;
  const tagIsLonger = sql`exists (select 1 from ${postTags} where ${postTags.tag} = ${tag} and ${postTags.listed} offset ${tagWalkMax})`;
  return sql`with walked as materialized (${walk}),
      answered as (select count(*) = ${limit} or not ${tagIsLonger} as yes from walked)
    select * from walked where (select yes from answered)
    union all
    select * from (${joined}) as joined where not (select yes from answered)`;
}

export function postgresSearch(db: Db): SearchEngine {
  return {
    async accounts(viewerId, text, limit) {
      const lowered = text.trim().toLowerCase();
      if (!lowered) return [];
      const prefix = `${escapeLike(lowered)}%`;
      const fullName = sql`lower(${profiles.firstName} || ' ' || ${profiles.lastName})`;
      const isPrefix = sql`(lower(${profiles.firstName}) like ${prefix} or lower(${profiles.lastName}) like ${prefix} or lower(${profiles.username}) like ${prefix})`;
      // `%` is pg_trgm's similarity test (default threshold 0.3), served by profiles_name_trgm_idx.
      // Prefix matches first, by name as before; then names spelled nearly right, closest first.
      const rows = await rowsOf<{ user_id: string }>(
        db,
        sql`select ${profiles.userId} as user_id from ${profiles}
            where (${isPrefix} or ${fullName} % ${lowered}) and ${visibleTo(profiles.userId, viewerId)}
            order by ${isPrefix} desc, case when ${isPrefix} then 1 else similarity(${fullName}, ${lowered}) end desc,
              ${profiles.firstName}, ${profiles.lastName}, ${profiles.userId}
            limit ${limit}`,
      );
      return rows.map((row) => row.user_id);
    },

    async posts(viewerId, search, offset, limit) {
      const query = search.words ? tsQuery(search.words) : null;
      const conditions: SQL[] = [contentVisibleTo(posts.authorId, posts.audience, viewerId, strangersSee)];
      if (query) conditions.push(sql`${posts.searchVector} @@ ${query}`);
      // With a #tag the walk goes down that tag's own index, (tag, post_created_at, post_id): the
      // tag's posts newest first, rather than all posts checking each for the tag.
      const [firstTag, ...otherTags] = search.tags;
      for (const tag of otherTags)
        conditions.push(
          sql`exists (select 1 from ${postTags} where ${postTags.postId} = ${posts.id} and ${postTags.tag} = ${tag})`,
        );
      if (search.usernames.length)
        conditions.push(
          sql`${posts.authorId} in (select ${profiles.userId} from ${profiles} where lower(${profiles.username}) in (${sql.join(
            search.usernames.map((name) => sql`${name}`),
            sql`, `,
          )}))`,
        );
      const columns = sql`${posts.id} as id, ${posts.createdAt} as created_at, ${posts.caption} as caption,
          ${query ? sql`ts_rank_cd(${posts.searchVector}, ${query})` : sql`0`}::float8 as rank`;
      const where = sql.join(conditions, sql` and `);
      // Without words every match ranks the same, newest first: only the page (and one more) is read.
      const candidatesMax = query ? limits.searchRankedMax : offset + limit + 1;
      const candidates =
        firstTag === undefined
          ? newestMatches(columns, where, hasPhrase(search.words), candidatesMax)
          : newestTagged(firstTag, columns, where, Boolean(query), candidatesMax);
      const page = sql`select id, caption, rank, created_at from (${candidates}) as candidates
        order by rank desc, created_at desc, id desc offset ${offset} limit ${limit + 1}`;
      // Highlights for the page only: ts_headline parses the caption again, so never for every match.
      const rows = await rowsOf<{ id: string; caption: string; marked: string | null }>(
        db,
        sql`select id, caption, ${
          query ? sql`ts_headline(${config}, caption, ${query}, ${headlineOptions})` : sql`null`
        } as marked from (${page}) as page order by rank desc, created_at desc, id desc`,
      );
      return rows.map(
        (row): PostHit => ({
          id: row.id,
          captionMatches: row.marked ? markedRanges(row.caption, row.marked) : [],
        }),
      );
    },

    async tags(viewerId, text, limit) {
      const lowered = text.trim().toLowerCase();
      if (!lowered) return [];
      const isPrefix = sql`${postTags.tag} like ${`${escapeLike(lowered)}%`}`;
      // Trigrams of one or two letters match almost nothing and cost a scan: prefixes only then.
      const isSimilar = [...lowered].length >= 3 ? sql`${postTags.tag} % ${lowered}` : sql`false`;
      // Counting each tag's visible posts by joining every row to posts costs a heap read per row
      // (tens of thousands for a short prefix). So: the listed rows (public posts of public
      // accounts: `post_tags.listed`, the audience rule's `publicOnly` part kept by the database)
      // counted from the partial index alone, minus the listed rows of the few accounts hidden from
      // the viewer (`hiddenAccounts`, the rest of the rule), found through posts_author_created_idx.
      const rows = await rowsOf<{ tag: string; post_count: number }>(
        db,
        sql`with matched as (
              select ${postTags.tag} as tag, count(*)::int as total, bool_or(${isPrefix}) as prefix,
                similarity(${postTags.tag}, ${lowered}) as closeness
              from ${postTags} where ${postTags.listed} and (${isPrefix} or ${isSimilar})
              group by ${postTags.tag}
            ), hidden as (
              select ${postTags.tag} as tag, count(*)::int as n
              from ${posts} join ${postTags} on ${postTags.postId} = ${posts.id}
              where ${posts.authorId} in (${hiddenAccounts(viewerId, true)}) and ${postTags.listed}
                and (${isPrefix} or ${isSimilar})
              group by ${postTags.tag}
            )
            select matched.tag, matched.total - coalesce(hidden.n, 0) as post_count
            from matched left join hidden on hidden.tag = matched.tag
            where matched.total > coalesce(hidden.n, 0)
            order by matched.prefix desc, matched.closeness desc, post_count desc, matched.tag
            limit ${limit}`,
      );
      return rows.map((row) => ({ tag: row.tag, postCount: row.post_count }));
    },

    async places(viewerId, text, limit, withEvents) {
      const trimmed = text.trim();
      if (!trimmed) return [];
      // pg_trgm prices `<%` as a plain comparison, but it makes the trigrams of every name it is tried
      // on: for a common word the planner filtered a sequential scan of places with it (40–110 ms at
      // the reference data set with 6,300 places) where the trigram index answers in ~2 ms. So the
      // statements below run with sequential scans priced out; SET LOCAL ends with the transaction.
      return withTransaction(db, async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const key = sql`place_key(${trimmed})`;
        const prefix = sql`(place_key(${escapeLike(trimmed)}) || '%')`;
        // Any word of the name, or a near spelling of one ("luxemb", "luxembourgh" find "Jardin du
        // Luxembourg"): both on the trigram index. As tags: one or two letters match by prefix only.
        const contains = sql`('%' || place_key(${escapeLike(trimmed)}) || '%')`;
        const similar = (column: SQLWrapper) =>
          [...trimmed].length >= 3 ? sql`(${column} like ${contains} or ${key} <% ${column})` : sql`false`;
        // A place is offered only while a post the viewer could find in search names it (public, on a
        // public account, none hidden from them): a name only a followers-only post carries is
        // nobody else's to see. Each candidate's posts are counted on posts_place_created_idx, up to
        // a bound a count shown as "1,000 posts" never needs to pass.
        const placeRows = await rowsOf<{ name: string; slug: string; post_count: number }>(
          tx,
          sql`with matched as (
                select ${places.id} as id, ${places.name} as name, ${places.slug} as slug,
                  ${places.nameKey} like ${prefix} as prefix, word_similarity(${key}, ${places.nameKey}) as closeness
                from ${places}
                where ${places.nameKey} like ${prefix} or ${similar(places.nameKey)}
                order by prefix desc, closeness desc, ${places.nameKey}
                limit ${placeCandidatesMax}
              )
              select name, slug, post_count from matched, lateral (
                select count(*)::int as post_count from (
                  select 1 from ${posts}
                  where ${posts.placeId} = matched.id
                    and ${contentVisibleTo(posts.authorId, posts.audience, viewerId, strangersSee)}
                  limit ${placeCountMax}
                ) as listed
              ) as counted
              where post_count > 0
              order by prefix desc, closeness desc, post_count desc, name
              limit ${limit}`,
        );
        const found: PlaceSuggestionDto[] = placeRows.map((row) => ({
          name: row.name,
          slug: row.slug,
          latitude: null,
          longitude: null,
          postCount: row.post_count,
        }));
        if (!withEvents || found.length >= limit) return found;
        // Events' places, public ones only, one per key, with the coordinates their hosts gave;
        // those longer than a post's Location allows could not be picked, so are not offered.
        const eventKey = sql`place_key(${events.place})`;
        const eventRows = await rowsOf<{ name: string; latitude: number | null; longitude: number | null }>(
          tx,
          sql`select name, latitude, longitude from (
                select distinct on (${eventKey}) regexp_replace(btrim(${events.place}), '\\s+', ' ', 'g') as name,
                  ${events.latitude} as latitude, ${events.longitude} as longitude,
                  ${eventKey} like ${prefix} as prefix, word_similarity(${key}, ${eventKey}) as closeness
                from ${events}
                where ${events.place} <> '' and (${eventKey} like ${prefix} or ${similar(eventKey)})
                  and char_length(${events.place}) <= ${limits.placeNameMax}
                  and ${events.cancelledAt} is null
                  and ${contentVisibleTo(events.hostId, events.audience, viewerId, strangersSee)}
                order by ${eventKey}, ${events.latitude} is null, ${events.createdAt} desc
              ) as event_places
              order by prefix desc, closeness desc, name
              limit ${limit}`,
        );
        const known = new Set(found.map((place) => place.name.toLowerCase()));
        for (const row of eventRows) {
          if (found.length >= limit) break;
          if (known.has(row.name.toLowerCase())) continue;
          known.add(row.name.toLowerCase());
          found.push({
            name: row.name,
            slug: null,
            latitude: row.latitude,
            longitude: row.longitude,
            postCount: 0,
          });
        }
        return found;
      });
    },

    async events(viewerId, words, offset, limit) {
      if (!words.trim()) return [];
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`select ${events.id} as id from ${events}
            where ${events.searchVector} @@ ${tsQuery(words)}
              and ${contentVisibleTo(events.hostId, events.audience, viewerId, strangersSee)}
            order by (${events.startsAt} >= now()) desc,
              case when ${events.startsAt} >= now() then ${events.startsAt} end asc,
              ${events.startsAt} desc, ${events.id}
            offset ${offset} limit ${limit + 1}`,
      );
      return rows.map((row) => row.id);
    },

    async trendingTags(viewerId, limit) {
      const rows = await rowsOf<{ tag: string; post_count: number; author_count: number }>(
        db,
        // Both sides limited to the week (post_tags copies the post's time): a range of
        // post_tags_created_idx and one of posts_created_idx, joined. With only the tags' range,
        // the planner read the whole (tag, time) index, or every post for a hash join (88–290 ms
        // at scale 1).
        sql`select ${postTags.tag} as tag, count(*)::int as post_count, count(distinct ${posts.authorId})::int as author_count
            from ${postTags} join ${posts} on ${posts.id} = ${postTags.postId}
            where ${postTags.postCreatedAt} > now() - make_interval(days => ${limits.trendingDays})
              and ${posts.createdAt} > now() - make_interval(days => ${limits.trendingDays})
              and ${contentVisibleTo(posts.authorId, posts.audience, viewerId, strangersSee)}
            group by ${postTags.tag}
            having count(distinct ${posts.authorId}) >= ${limits.trendingMinAuthors}
            order by count(*) desc, count(distinct ${posts.authorId}) desc, ${postTags.tag}
            limit ${limit}`,
      );
      return rows.map((row) => ({ tag: row.tag, postCount: row.post_count, authorCount: row.author_count }));
    },

    async tagHistory(viewerId, tags, days) {
      const history = new Map<string, TagDayDto[]>();
      if (tags.length === 0) return history;
      // Every day of the window, used or not, so each tag gets `days` entries (Mastodon's shape).
      const rows = await rowsOf<{ tag: string; day: string; post_count: number; author_count: number }>(
        db,
        sql`with wanted(tag) as (select unnest(${sql.param(tags)}::text[])),
            days(day) as (
              select generate_series(date_trunc('day', now() at time zone 'utc') - make_interval(days => ${days - 1}),
                date_trunc('day', now() at time zone 'utc'), interval '1 day')
            )
            select wanted.tag, to_char(days.day, 'YYYY-MM-DD') as day, count(${posts.id})::int as post_count,
              count(distinct ${posts.authorId})::int as author_count
            from wanted cross join days
            left join ${postTags} on ${postTags.tag} = wanted.tag and ${postTags.listed}
              and ${postTags.postCreatedAt} >= days.day at time zone 'utc'
              and ${postTags.postCreatedAt} < (days.day + interval '1 day') at time zone 'utc'
            left join ${posts} on ${posts.id} = ${postTags.postId}
              and ${contentVisibleTo(posts.authorId, posts.audience, viewerId, strangersSee)}
            group by wanted.tag, days.day
            order by wanted.tag, 2 desc`,
      );
      for (const row of rows) {
        const list = history.get(row.tag) ?? [];
        list.push({
          day: row.day,
          postCount: row.post_count,
          authorCount: row.author_count,
        });
        history.set(row.tag, list);
      }
      return history;
    },
  };
}
