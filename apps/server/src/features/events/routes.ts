/** HTTP for events: create, lists (upcoming / past), detail, delete, Interested, joiners, .ics. */
import { CreateEventInput, EventListQuery, messages, UpcomingEventsQuery } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, pageQuery, query, signedIn, uuidParam } from '../../core/http.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import {
  createEvent,
  deleteEvent,
  getEvent,
  getEventCalendar,
  listEvents,
  listInterested,
  listUpcomingEvents,
  setInterest,
} from './service.ts';

/** Anything that is not a uuid cannot be an event: 404, as for a deleted one. */
const eventId = uuidParam('id', messages.event.notFound);
const eventList = query(
  EventListQuery.transform(({ when, cursor }) => ({ when, cursor: decodeCursor(cursor) })),
);

export const eventRoutes = new Hono<AppEnv>()
  .post('/events', rateLimit('events'), signedIn, jsonBody(CreateEventInput), async (c) =>
    c.json(await createEvent({ ctx: c.get('ctx'), input: c.req.valid('json') }), 201),
  )
  .get('/events', signedIn, eventList, async (c) =>
    c.json(
      await listEvents({ ctx: c.get('ctx'), input: { list: { kind: 'followed' }, ...c.req.valid('query') } }),
      200,
    ),
  )
  // Registered before /events/:id, which would otherwise take "upcoming" for an id.
  .get('/events/upcoming', signedIn, query(UpcomingEventsQuery), async (c) =>
    c.json(await listUpcomingEvents({ ctx: c.get('ctx'), input: c.req.valid('query') }), 200),
  )
  .get('/events/:id', signedIn, eventId, async (c) =>
    c.json(await getEvent({ ctx: c.get('ctx'), input: { eventId: c.req.valid('param').id } }), 200),
  )
  .delete('/events/:id', signedIn, eventId, async (c) => {
    await deleteEvent({ ctx: c.get('ctx'), input: { eventId: c.req.valid('param').id } });
    return c.body(null, 204);
  })
  // The person who joins is always the caller: there is no user id in these requests.
  .put('/events/:id/interest', signedIn, eventId, async (c) =>
    c.json(
      await setInterest({ ctx: c.get('ctx'), input: { eventId: c.req.valid('param').id, interested: true } }),
      200,
    ),
  )
  .delete('/events/:id/interest', signedIn, eventId, async (c) =>
    c.json(
      await setInterest({
        ctx: c.get('ctx'),
        input: { eventId: c.req.valid('param').id, interested: false },
      }),
      200,
    ),
  )
  .get('/events/:id/interested', signedIn, eventId, pageQuery, async (c) =>
    c.json(
      await listInterested({
        ctx: c.get('ctx'),
        input: { eventId: c.req.valid('param').id, ...c.req.valid('query') },
      }),
      200,
    ),
  )
  .get('/events/:id/calendar.ics', signedIn, eventId, async (c) => {
    const { body, fileName } = await getEventCalendar({
      ctx: c.get('ctx'),
      input: { eventId: c.req.valid('param').id, publicUrl: c.get('deps').env.publicUrl },
    });
    return c.body(body, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-cache',
    });
  })
  .get('/users/:userId/events', signedIn, eventList, async (c) =>
    c.json(
      await listEvents({
        ctx: c.get('ctx'),
        input: { list: { kind: 'host', hostId: c.req.param('userId') }, ...c.req.valid('query') },
      }),
      200,
    ),
  );
