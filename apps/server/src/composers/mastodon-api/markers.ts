/**
 * Read markers (docs.joinmastodon.org/methods/markers): where the member stopped reading their
 * home timeline and their notifications, so that their phone and their tablet agree.
 *
 * The notifications marker and the web's read state are one truth: saving it marks the web's
 * notification groups up to it read (the notifications service's own marking), and reading it
 * answers the later of the saved marker and what the web has marked read since.
 */

import { and, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { readMarkers } from '../../db/schema.ts';
import { markReadUpTo, readUpTo } from '../../features/notifications/service.ts';
import { invalid } from '../../lib/errors.ts';
import { bodyParams, queryParams } from '../../lib/params.ts';
import { type MastodonEnv, needs } from './http.ts';
import { parseTimeId } from './ids.ts';
import { noticeIdOf } from './serializers/notification.ts';

const timelines = ['home', 'notifications'] as const;
type Timeline = (typeof timelines)[number];

interface MastodonMarker {
  last_read_id: string;
  version: number;
  updated_at: string;
}

const isTimeline = (value: unknown): value is Timeline => timelines.includes(value as Timeline);

/** `home[last_read_id]=…` from a form, or `{"home": {"last_read_id": …}}` from JSON. */
function lastReadIdOf(params: Record<string, unknown>, timeline: Timeline): unknown {
  const nested = params[timeline];
  if (nested && typeof nested === 'object' && 'last_read_id' in nested) return nested.last_read_id;
  return params[`${timeline}[last_read_id]`];
}

/** The later of two ids (both sort by time as numbers). */
const later = (a: string, b: string) => (BigInt(a) >= BigInt(b) ? a : b);

export const markerRoutes = new Hono<MastodonEnv>()
  .get('/v1/markers', needs('read:statuses'), async (c) => {
    const ctx = c.get('ctx');
    const asked = queryParams(c.req.url).timeline;
    const wanted = (Array.isArray(asked) ? asked : [asked]).filter(isTimeline);
    if (wanted.length === 0) return c.json({});
    const rows = await ctx.db
      .select()
      .from(readMarkers)
      .where(and(eq(readMarkers.userId, ctx.actor.id), inArray(readMarkers.timeline, wanted)));
    const answer: Partial<Record<Timeline, MastodonMarker>> = {};
    for (const row of rows) {
      answer[row.timeline] = {
        last_read_id: row.lastReadId,
        version: row.version,
        updated_at: row.updatedAt.toISOString(),
      };
    }
    if (wanted.includes('notifications')) {
      // What the web marked read counts as read here too.
      const read = await readUpTo({ ctx });
      const saved = answer.notifications;
      if (read) {
        const readId = noticeIdOf(read);
        if (!saved || later(readId, saved.last_read_id) !== saved.last_read_id) {
          answer.notifications = {
            last_read_id: readId,
            version: saved?.version ?? 0,
            updated_at: read.createdAt.toISOString(),
          };
        }
      }
    }
    return c.json(answer);
  })
  .post('/v1/markers', needs('write:statuses'), async (c) => {
    const ctx = c.get('ctx');
    const params = (await bodyParams(c.req.raw)) as Record<string, unknown>;
    const given = timelines.flatMap((timeline) => {
      const id = lastReadIdOf(params, timeline);
      return id === undefined ? [] : [{ timeline, id }];
    });
    if (given.length === 0) throw invalid('home[last_read_id] or notifications[last_read_id] is required');
    // Every id checked before anything is stored.
    const checked = given.map(({ timeline, id }) => {
      const parsed = typeof id === 'string' || typeof id === 'number' ? parseTimeId(String(id)) : null;
      if (!parsed) throw invalid(`${timeline}[last_read_id] is not a status or notification id`);
      return { timeline, id: String(id), parsed };
    });
    const answer: Partial<Record<Timeline, MastodonMarker>> = {};
    for (const { timeline, id, parsed } of checked) {
      const [row] = await ctx.db
        .insert(readMarkers)
        .values({ userId: ctx.actor.id, timeline, lastReadId: id })
        .onConflictDoUpdate({
          target: [readMarkers.userId, readMarkers.timeline],
          set: { lastReadId: id, version: sql`${readMarkers.version} + 1`, updatedAt: sql`now()` },
        })
        .returning();
      if (timeline === 'notifications') await markReadUpTo({ ctx, input: { upTo: parsed.createdAt } });
      answer[timeline] = {
        last_read_id: row!.lastReadId,
        version: row!.version,
        updated_at: row!.updatedAt.toISOString(),
      };
    }
    return c.json(answer);
  });
