/**
 * Announcements (docs.joinmastodon.org/methods/announcements): the ones showing now, each with
 * whether the member dismissed it (`read`), and dismissing one. The same rows as the web's banner
 * (features/community/announcements.ts), so dismissing in an app hides the banner on the web too.
 * Reactions are not kept: `reactions` is always empty and their routes answer 404.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { dismissAnnouncement, showingAnnouncements } from '../../features/community/announcements.ts';
import { notFound } from '../../lib/errors.ts';
import { queryParams } from '../../lib/params.ts';
import type { MastodonEnv } from './http.ts';
import { needs } from './http.ts';
import { announcementJson } from './serializers/announcement.ts';

export const announcementRoutes = new Hono<MastodonEnv>()
  .get('/v1/announcements', needs('read'), async (c) => {
    const ctx = c.get('ctx');
    // Mastodon lists dismissed ones too unless told otherwise (`with_dismissed` defaults to true).
    const withDismissed = queryParams(c.req.url).with_dismissed !== 'false';
    const shown = await showingAnnouncements({ ctx, input: { withDismissed } });
    return c.json(shown.map((row) => announcementJson(row)));
  })
  .post('/v1/announcements/:id/dismiss', needs('write:accounts'), async (c) => {
    const id = c.req.param('id');
    if (!z.uuid().safeParse(id).success) throw notFound('Record not found');
    await dismissAnnouncement({ ctx: c.get('ctx'), input: { announcementId: id } });
    return c.json({});
  });
