/** Reads of people, notices and one's own settings in the audience matrix (security/read-table.ts). */
import type { ReadEntry } from '../read-entry.ts';

const own = (rule: string, path: string): ReadEntry => ({ rule, paths: () => [path] });

export const peopleReads: Record<string, ReadEntry> = {
  'GET /api/profiles/:userId': {
    rule: 'A profile header (name, avatar, bio, counts) shows to anyone not blocked; never a post.',
    paths: (w) => [`/api/profiles/${w.alice.id}`, `/api/profiles/${w.carol.id}`],
  },
  'GET /api/profiles/by-username/:username': {
    rule: 'Finding a member by username answers their header only.',
    paths: (w) => [`/api/profiles/by-username/${w.alice.username}`],
  },
  'GET /api/follow-requests': own('The caller’s own waiting requests: names only.', '/api/follow-requests'),
  'GET /api/me': own('The caller’s own account.', '/api/me'),
  'GET /api/notifications': {
    rule: 'Notices about a post or event the recipient may no longer see are hidden with it; a mention of a non-follower in a followers-only post is never written.',
    paths: () => ['/api/notifications', '/api/notifications?filter=mentions'],
  },
  'GET /api/notifications/unread-count': own('A count only.', '/api/notifications/unread-count'),
  'GET /api/notifications/preferences': own('The caller’s settings.', '/api/notifications/preferences'),
  'GET /api/me/blocked': own('The caller’s blocked accounts: headers only.', '/api/me/blocked'),
  'GET /api/me/muted-words': own('The caller’s muted words.', '/api/me/muted-words'),
  'GET /api/account/moves': own(
    'The caller’s own aliases and where the account moved.',
    '/api/account/moves',
  ),
  'GET /api/account/export': own('The status of the caller’s own archive.', '/api/account/export'),
  'GET /api/account/export/download': own(
    'The caller’s own archive: their own posts only, never someone else’s.',
    '/api/account/export/download',
  ),
  'GET /api/import': own('The caller’s own latest archive import: counts only.', '/api/import'),
  'GET /api/health': own('No content.', '/api/health'),
  'GET /api/registrations': own(
    'The mode, the rules and the contact’s id: anyone reads them before signing up; no post.',
    '/api/registrations',
  ),
  'GET /api/challenge': own(
    'A fresh proof-of-work challenge (random salt, its hash and signature), the same for anyone: no post.',
    '/api/challenge',
  ),
  'GET /api/admin/email-domain-blocks': own(
    'The blocked email domains, to admins only: no member, no post.',
    '/api/admin/email-domain-blocks',
  ),
  'GET /api/admin/registrations': own(
    'Waiting sign-ups (their addresses and reasons), to staff only: no post.',
    '/api/admin/registrations',
  ),
  'GET /api/admin/dashboard': own(
    'The daily figures (counts and sizes), to admins only: no post, no member.',
    '/api/admin/dashboard',
  ),
  'GET /api/announcements': own(
    'The announcements showing now that the caller has not dismissed: admins’ words, no post.',
    '/api/announcements',
  ),
  'GET /api/admin/announcements': own(
    'Every announcement, scheduled ones included, to admins only: no post.',
    '/api/admin/announcements',
  ),
  'GET /api/invites': own('The caller’s own invite links.', '/api/invites'),
  'GET /api/live': {
    rule: 'The live stream carries ids and kinds, never a caption or photo (live/hub.ts); it never ends, so it is not read here.',
    paths: () => [],
  },
};

export const moderationReads: Record<string, ReadEntry> = {
  'GET /api/admin/reports': own('Reported content, to staff only: none reported here.', '/api/admin/reports'),
  'GET /api/admin/reports/count': own('A count only.', '/api/admin/reports/count'),
  'GET /api/admin/reports/:reportId/snapshot': {
    rule: 'A report’s picture, to staff only: no report here.',
    paths: () => ['/api/admin/reports/00000000-0000-0000-0000-000000000000/snapshot'],
  },
  'GET /api/admin/audit': own('Staff actions.', '/api/admin/audit'),
  'GET /api/admin/team': own('The staff.', '/api/admin/team'),
  'GET /api/admin/jobs': own('The job queue’s counts.', '/api/admin/jobs'),
  'GET /api/admin/federation': own(
    'Blocked domains, known servers with counts and failed deliveries, to admins only: no post.',
    '/api/admin/federation',
  ),
};
