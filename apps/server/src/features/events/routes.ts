import { CreateEventInput, EventListQuery, PageQuery, UpcomingEventsQuery } from '@glimpse/shared';
import { Hono } from 'hono';
import { decodeCursor } from '../../lib/cursor.ts';
import { type AppEnv, jsonBody, param, query, signedIn } from '../../lib/http.ts';
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

const eventId = param('id', parseEventId);
const eventList = query(EventListQuery);

export const eventRoutes = new Hono<AppEnv>()
  .post('/events', rateLimit('events'), signedIn, jsonBody(CreateEventInput), async (c) =>
    c.json(await createEvent(c.var.deps, { viewer: c.var.viewer, input: c.req.valid('json') }), 201),
  )
  .get('/events', signedIn, eventList, async (c) => {
    const { when, cursor } = c.req.valid('query');
    return c.json(
      await listEvents(c.var.deps, c.var.viewer, { kind: 'followed' }, when, decodeCursor(cursor)),
      200,
    );
  })
  // Registered before /events/:id, which would otherwise take "upcoming" for an id.
  .get('/events/upcoming', signedIn, query(UpcomingEventsQuery), async (c) =>
    c.json(await listUpcomingEvents(c.var.deps, c.var.viewer, c.req.valid('query').limit), 200),
  )
  .get('/events/:id', signedIn, eventId, async (c) =>
    c.json(await getEvent(c.var.deps, c.var.viewer, c.req.valid('param').id), 200),
  )
  .delete('/events/:id', signedIn, eventId, async (c) => {
    await deleteEvent(c.var.deps, { viewer: c.var.viewer, eventId: c.req.valid('param').id });
    return c.body(null, 204);
  })
  // The person who joins is always the caller: there is no user id in these requests.
  .put('/events/:id/interest', signedIn, eventId, async (c) =>
    c.json(
      await setInterest(c.var.deps, {
        viewer: c.var.viewer,
        eventId: c.req.valid('param').id,
        interested: true,
      }),
      200,
    ),
  )
  .delete('/events/:id/interest', signedIn, eventId, async (c) =>
    c.json(
      await setInterest(c.var.deps, {
        viewer: c.var.viewer,
        eventId: c.req.valid('param').id,
        interested: false,
      }),
      200,
    ),
  )
  .get('/events/:id/interested', signedIn, eventId, query(PageQuery), async (c) =>
    c.json(
      await listInterested(c.var.deps, c.req.valid('param').id, decodeCursor(c.req.valid('query').cursor)),
      200,
    ),
  )
  .get('/events/:id/calendar.ics', signedIn, eventId, async (c) => {
    const { body, fileName } = await getEventCalendar(c.var.deps, {
      eventId: c.req.valid('param').id,
      publicUrl: c.var.deps.env.publicUrl,
    });
    return c.body(body, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-cache',
    });
  })
  .get('/users/:userId/events', signedIn, eventList, async (c) => {
    const { when, cursor } = c.req.valid('query');
    return c.json(
      await listEvents(
        c.var.deps,
        c.var.viewer,
        { kind: 'host', hostId: c.req.param('userId') },
        when,
        decodeCursor(cursor),
      ),
      200,
    );
  });
