/**
 * HTTP for who may join: `GET /registrations` (anyone: what /signup and /login show), the
 * registrations console (staff; its settings admins only; 404 to everyone else), a member's invite
 * links, and the server's rules (admins write them; everyone reads them through `/registrations`).
 * The proof-of-work challenge that sign-up and password-reset requests answer. And announcements:
 * admins publish and delete them; each member reads the ones showing and dismisses them.
 */
import {
  AnnouncementInput,
  EmailDomainBlockInput,
  InviteInput,
  limits,
  messages,
  RegistrationSettingsInput,
  RuleInput,
  RuleMoveInput,
} from '@glimpse/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { type AppEnv, jsonBody, param, query, signedIn, uuidParam } from '../../core/http.ts';
import { notFound } from '../../lib/errors.ts';
import {
  announcementDto,
  deleteAnnouncement,
  dismissAnnouncement,
  listAnnouncements,
  publishAnnouncement,
  showingAnnouncements,
} from './announcements.ts';
import { readDashboard } from './dashboard.ts';
import { blockEmailDomain, listEmailDomainBlocks, unblockEmailDomain } from './email-domain-blocks.ts';
import { createInvite, listInvites, revokeInvite } from './invites.ts';
import { issueChallenge, proofOfWorkPurpose } from './proof-of-work.ts';
import {
  answerSignUp,
  registrationAdmin,
  registrationInfo,
  saveRegistrationSettings,
} from './registrations.ts';
import { addRule, deleteRule, editRule, moveRule } from './rules.ts';

const inviteQuery = query(z.object({ invite: z.string().trim().max(limits.inviteCodeMax).optional() }));
/** better-auth's user ids: letters, digits, dashes and underscores; anything else names nobody. */
const userIdParam = param('userId', (value) => {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw notFound(messages.registrations.notWaiting);
  return value;
});
/** A blocked domain as the list shows it; anything longer than a domain names no block. */
const emailDomainParam = param('domain', (value) => {
  if (value.length > limits.domainMax) throw notFound(messages.registrations.emailDomainBlockNotFound);
  return value;
});
const ruleIdParam = uuidParam('ruleId', messages.registrations.ruleNotFound);
const inviteIdParam = uuidParam('inviteId', messages.registrations.inviteNotFound);
const announcementIdParam = uuidParam('announcementId', messages.announcements.notFound);

export const communityRoutes = new Hono<AppEnv>()
  // Anyone, signed in or not: /signup and /login need it before there is a session.
  .get('/registrations', inviteQuery, async (c) => {
    const { db, env } = c.get('deps');
    return c.json(await registrationInfo(db, env, c.req.valid('query').invite), 200);
  })
  // Anyone: the proof-of-work challenge /signup and /forgot-password solve (proof-of-work.ts).
  .get('/challenge', async (c) => {
    const { db, sealerFor } = c.get('deps');
    c.header('cache-control', 'no-store');
    return c.json(await issueChallenge(db, sealerFor(proofOfWorkPurpose)), 200);
  })
  .get('/admin/registrations', signedIn, async (c) =>
    c.json(await registrationAdmin({ ctx: c.get('ctx'), env: c.get('deps').env }), 200),
  )
  .put('/admin/registrations', signedIn, jsonBody(RegistrationSettingsInput), async (c) =>
    c.json(await saveRegistrationSettings({ ctx: c.get('ctx'), input: c.req.valid('json') }), 200),
  )
  .get('/admin/email-domain-blocks', signedIn, async (c) =>
    c.json(await listEmailDomainBlocks({ ctx: c.get('ctx') }), 200),
  )
  .post('/admin/email-domain-blocks', signedIn, jsonBody(EmailDomainBlockInput), async (c) =>
    c.json(await blockEmailDomain({ ctx: c.get('ctx'), input: c.req.valid('json') }), 201),
  )
  .delete('/admin/email-domain-blocks/:domain', signedIn, emailDomainParam, async (c) => {
    await unblockEmailDomain({ ctx: c.get('ctx'), input: { domain: c.req.valid('param').domain } });
    return c.body(null, 204);
  })
  .post('/admin/registrations/:userId/approve', signedIn, userIdParam, async (c) => {
    const { mailer, env } = c.get('deps');
    const input = { userId: c.req.valid('param').userId, approve: true };
    await answerSignUp({ ctx: c.get('ctx'), input, mailer, publicUrl: env.publicUrl });
    return c.body(null, 204);
  })
  .post('/admin/registrations/:userId/reject', signedIn, userIdParam, async (c) => {
    const { mailer, env } = c.get('deps');
    const input = { userId: c.req.valid('param').userId, approve: false };
    await answerSignUp({ ctx: c.get('ctx'), input, mailer, publicUrl: env.publicUrl });
    return c.body(null, 204);
  })
  .get('/invites', signedIn, async (c) => c.json(await listInvites({ ctx: c.get('ctx') }), 200))
  .post('/invites', signedIn, jsonBody(InviteInput), async (c) =>
    c.json(await createInvite({ ctx: c.get('ctx'), input: c.req.valid('json') }), 201),
  )
  .delete('/invites/:inviteId', signedIn, inviteIdParam, async (c) =>
    c.json(
      await revokeInvite({ ctx: c.get('ctx'), input: { inviteId: c.req.valid('param').inviteId } }),
      200,
    ),
  )
  .post('/admin/rules', signedIn, jsonBody(RuleInput), async (c) =>
    c.json(await addRule({ ctx: c.get('ctx'), input: c.req.valid('json') }), 201),
  )
  .put('/admin/rules/:ruleId', signedIn, ruleIdParam, jsonBody(RuleInput), async (c) =>
    c.json(
      await editRule({
        ctx: c.get('ctx'),
        input: { ruleId: c.req.valid('param').ruleId, ...c.req.valid('json') },
      }),
      200,
    ),
  )
  .delete('/admin/rules/:ruleId', signedIn, ruleIdParam, async (c) => {
    await deleteRule({ ctx: c.get('ctx'), input: { ruleId: c.req.valid('param').ruleId } });
    return c.body(null, 204);
  })
  .post('/admin/rules/:ruleId/move', signedIn, ruleIdParam, jsonBody(RuleMoveInput), async (c) =>
    c.json(
      await moveRule({
        ctx: c.get('ctx'),
        input: { ruleId: c.req.valid('param').ruleId, ...c.req.valid('json') },
      }),
      200,
    ),
  )
  .get('/admin/announcements', signedIn, async (c) =>
    c.json(await listAnnouncements({ ctx: c.get('ctx') }), 200),
  )
  .post('/admin/announcements', signedIn, jsonBody(AnnouncementInput), async (c) =>
    c.json(await publishAnnouncement({ ctx: c.get('ctx'), input: c.req.valid('json') }), 201),
  )
  .delete('/admin/announcements/:announcementId', signedIn, announcementIdParam, async (c) => {
    const input = { announcementId: c.req.valid('param').announcementId };
    await deleteAnnouncement({ ctx: c.get('ctx'), input });
    return c.body(null, 204);
  })
  // The banner on the home feed: what is showing now and not yet dismissed.
  .get('/announcements', signedIn, async (c) => {
    const shown = await showingAnnouncements({ ctx: c.get('ctx'), input: { withDismissed: false } });
    return c.json(shown.map(announcementDto), 200);
  })
  .post('/announcements/:announcementId/dismiss', signedIn, announcementIdParam, async (c) => {
    const input = { announcementId: c.req.valid('param').announcementId };
    await dismissAnnouncement({ ctx: c.get('ctx'), input });
    return c.body(null, 204);
  })
  // The dashboard reads the daily snapshots only (dashboard.ts), never the tables they count.
  .get('/admin/dashboard', signedIn, async (c) =>
    c.json(await readDashboard({ ctx: c.get('ctx'), space: c.get('deps').space }), 200),
  );
