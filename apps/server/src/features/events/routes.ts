/**
 * HTTP for events: create, edit, cancel, lists (upcoming / past), detail, delete, Interested,
 * joiners, Going and the waitlist per date, .ics, and the private calendar feed (the one route
 * here answered without a session: its token is the credential).
 */
import {
  CreateEventInput,
  EventListQuery,
  messages,
  OccurrenceQuery,
  PageQuery,
  UpcomingEventsQuery,
  UpdateEventInput,
} from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, pageQuery, query, signedIn, uuidParam } from '../../core/http.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';
import {
  createCalendarFeed,
  getCalendarFeed,
  readCalendarFeed,
  revokeCalendarFeed,
} from './calendar-feed.ts';
import { listAttendees, setGoing } from './going.ts';
import {
  cancelEvent,
  createEvent,
  deleteEvent,
  getEvent,
  getEventCalendar,
  listEvents,
  listInterested,
  listUpcomingEvents,
  setInterest,
  updateEvent,
} from './service.ts';

/** Anything that is not a uuid cannot be an event: 404, as for a deleted one. */
const eventId = uuidParam('id', messages.event.notFound);
const occurrenceQuery = query(OccurrenceQuery);
const attendeesQuery = query(
  PageQuery.extend(OccurrenceQuery.shape).transform(({ cursor, occurrence }) => ({
    cursor: decodeCursor(cursor),
    occurrence: occurrence ?? 0,
  })),
);
const calendarHeaders = {
  'content-type': 'text/calendar; charset=utf-8',
  'cache-control': 'private, no-cache',
};
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
  // Registered before /events/:id too. The address is shown once, when it is made.
  .get('/events/calendar-feed', signedIn, async (c) =>
    c.json(await getCalendarFeed({ ctx: c.get('ctx') }), 200),
  )
  .post('/events/calendar-feed', signedIn, async (c) =>
    c.json(
      await createCalendarFeed({ ctx: c.get('ctx'), input: { publicUrl: c.get('deps').env.publicUrl } }),
      201,
    ),
  )
  .delete('/events/calendar-feed', signedIn, async (c) => {
    await revokeCalendarFeed({ ctx: c.get('ctx') });
    return c.body(null, 204);
  })
  .get('/events/:id', signedIn, eventId, occurrenceQuery, async (c) =>
    c.json(
      await getEvent({
        ctx: c.get('ctx'),
        input: { eventId: c.req.valid('param').id, occurrence: c.req.valid('query').occurrence },
      }),
      200,
    ),
  )
  .put('/events/:id', rateLimit('events'), signedIn, eventId, jsonBody(UpdateEventInput), async (c) =>
    c.json(
      await updateEvent({
        ctx: c.get('ctx'),
        input: { eventId: c.req.valid('param').id, fields: c.req.valid('json') },
      }),
      200,
    ),
  )
  .post('/events/:id/cancel', signedIn, eventId, async (c) =>
    c.json(await cancelEvent({ ctx: c.get('ctx'), input: { eventId: c.req.valid('param').id } }), 200),
  )
  // Going for one date (`?occurrence=N`, 0 by default); the caller is the one who goes.
  .put('/events/:id/going', signedIn, eventId, occurrenceQuery, async (c) =>
    c.json(
      await setGoing({
        ctx: c.get('ctx'),
        input: {
          eventId: c.req.valid('param').id,
          occurrence: c.req.valid('query').occurrence ?? 0,
          going: true,
        },
      }),
      200,
    ),
  )
  .delete('/events/:id/going', signedIn, eventId, occurrenceQuery, async (c) =>
    c.json(
      await setGoing({
        ctx: c.get('ctx'),
        input: {
          eventId: c.req.valid('param').id,
          occurrence: c.req.valid('query').occurrence ?? 0,
          going: false,
        },
      }),
      200,
    ),
  )
  .get('/events/:id/going', signedIn, eventId, attendeesQuery, async (c) =>
    c.json(
      await listAttendees({
        ctx: c.get('ctx'),
        input: { eventId: c.req.valid('param').id, status: 'going', ...c.req.valid('query') },
      }),
      200,
    ),
  )
  .get('/events/:id/waitlist', signedIn, eventId, attendeesQuery, async (c) =>
    c.json(
      await listAttendees({
        ctx: c.get('ctx'),
        input: { eventId: c.req.valid('param').id, status: 'waitlisted', ...c.req.valid('query') },
      }),
      200,
    ),
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
      ...calendarHeaders,
      'content-disposition': `attachment; filename="${fileName}"`,
    });
  })
  // No session: calendar apps fetch this with the token alone (calendar-feed.ts).
  .get('/calendar/:file', async (c) => {
    const file = c.req.param('file');
    if (!file.endsWith('.ics')) throw notFound();
    const { db, env } = c.get('deps');
    const body = await readCalendarFeed({
      ctx: { db },
      input: { token: file.slice(0, -'.ics'.length), publicUrl: env.publicUrl },
    });
    return c.body(body, 200, calendarHeaders);
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
