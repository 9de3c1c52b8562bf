import { CreateEventInput, EventListQuery, PageQuery, UpcomingEventsQuery } from '@glimpse/shared';
import { Hono } from 'hono';
import { decodeCursor } from '../../lib/cursor.ts';
import { type AppContext, type AppEnv, parseJson, parseWith, requireViewer } from '../../lib/http.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import {
  createEvent,
  deleteEvent,
  getEvent,
  getEventCalendar,
  listEvents,
  listInterested,
  listUpcomingEvents,
  parseEventId,
  setInterest,
} from './service.ts';

const listQueryOf = (c: AppContext) => {
  const { when, cursor } = parseWith(EventListQuery, c.req.query());
  return { when, cursor: decodeCursor(cursor) };
};

export const eventRoutes = new Hono<AppEnv>()
  .post('/events', rateLimit('events'), async (c) => {
    const viewer = requireViewer(c);
    const input = await parseJson(c, CreateEventInput);
    return c.json(await createEvent(c.var.deps, { viewer, input }), 201);
  })
  .get('/events', async (c) => {
    const viewer = requireViewer(c);
    const { when, cursor } = listQueryOf(c);
    return c.json(await listEvents(c.var.deps, viewer, { kind: 'followed' }, when, cursor));
  })
  // Registered before /events/:id, which would otherwise take "upcoming" for an id.
  .get('/events/upcoming', async (c) => {
    const viewer = requireViewer(c);
    const { limit } = parseWith(UpcomingEventsQuery, c.req.query());
    return c.json(await listUpcomingEvents(c.var.deps, viewer, limit));
  })
  .get('/events/:id', async (c) =>
    c.json(await getEvent(c.var.deps, requireViewer(c), parseEventId(c.req.param('id')))),
  )
  .delete('/events/:id', async (c) => {
    await deleteEvent(c.var.deps, { viewer: requireViewer(c), eventId: parseEventId(c.req.param('id')) });
    return c.body(null, 204);
  })
  // The person who joins is always the caller: there is no user id in these requests.
  .put('/events/:id/interest', async (c) =>
    c.json(
      await setInterest(c.var.deps, {
        viewer: requireViewer(c),
        eventId: parseEventId(c.req.param('id')),
        interested: true,
      }),
    ),
  )
  .delete('/events/:id/interest', async (c) =>
    c.json(
      await setInterest(c.var.deps, {
        viewer: requireViewer(c),
        eventId: parseEventId(c.req.param('id')),
        interested: false,
      }),
    ),
  )
  .get('/events/:id/interested', async (c) => {
    requireViewer(c);
    const eventId = parseEventId(c.req.param('id'));
    const cursor = decodeCursor(parseWith(PageQuery, c.req.query()).cursor);
    return c.json(await listInterested(c.var.deps, eventId, cursor));
  })
  .get('/events/:id/calendar.ics', async (c) => {
    requireViewer(c);
    const { body, fileName } = await getEventCalendar(c.var.deps, {
      eventId: parseEventId(c.req.param('id')),
      publicUrl: c.var.deps.env.publicUrl,
    });
    return c.body(body, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-cache',
    });
  })
  .get('/users/:userId/events', async (c) => {
    const viewer = requireViewer(c);
    const { when, cursor } = listQueryOf(c);
    return c.json(
      await listEvents(c.var.deps, viewer, { kind: 'host', hostId: c.req.param('userId') }, when, cursor),
    );
  });
