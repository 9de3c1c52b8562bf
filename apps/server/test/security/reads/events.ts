/** The events feature's reads in the audience matrix (security/read-table.ts). */
import type { World } from '../audience-world.ts';
import type { ReadEntry } from '../read-entry.ts';

const allEvents = (w: World) => Object.values(w.events);
const perEvent = (suffix: string) => (w: World) => allEvents(w).map((id) => `/api/events/${id}${suffix}`);

export const eventReads: Record<string, ReadEntry> = {
  'GET /api/events': {
    rule: 'The events list holds followed hosts’ events the viewer may see.',
    paths: () => ['/api/events'],
    seenBy: ['follower'],
  },
  'GET /api/events/upcoming': {
    rule: 'The upcoming panel holds only events the viewer may see.',
    paths: () => ['/api/events/upcoming'],
  },
  'GET /api/events/:id': {
    rule: 'An event opens for its audience only; anyone else gets the 404 of a missing event.',
    paths: perEvent(''),
    seenBy: ['follower'],
  },
  'GET /api/events/:id/going': {
    rule: 'Who is going: for the event’s audience only.',
    paths: perEvent('/going'),
  },
  'GET /api/events/:id/waitlist': {
    rule: 'The waitlist: for the event’s audience only.',
    paths: perEvent('/waitlist'),
  },
  'GET /api/events/:id/interested': {
    rule: 'Who is interested: for the event’s audience only.',
    paths: perEvent('/interested'),
  },
  'GET /api/events/:id/calendar.ics': {
    rule: 'An event’s .ics file: for the event’s audience only.',
    paths: perEvent('/calendar.ics'),
    seenBy: ['follower'],
  },
  'GET /api/users/:userId/events': {
    rule: "A profile's events: only those the viewer may see.",
    paths: (w) => [`/api/users/${w.alice.id}/events`, `/api/users/${w.carol.id}/events`],
    seenBy: ['follower'],
  },
  'GET /api/events/calendar-feed': {
    rule: 'Whether the caller has a calendar feed: no event in it.',
    paths: () => ['/api/events/calendar-feed'],
  },
  'GET /api/calendar/:file': {
    rule: 'A calendar feed (read without a session, by its token) holds only events its owner may see.',
    async paths(w, viewer) {
      const client = w.viewers[viewer];
      if (viewer === 'signedOut') return ['/api/calendar/not-a-token.ics'];
      const made = await client.post('/api/events/calendar-feed');
      const { url } = (await made.json()) as { url: string };
      return [new URL(url).pathname];
    },
  },
};
