/**
 * The moderation console's Jobs section, as an admin, a moderator, a member and signed out: only
 * the admin sees the queue and retries a failed job (to the others the routes do not exist, or ask
 * for a sign-in); a mail the server refused for good shows with its error, and Retry delivers it.
 */
import type { AddressInfo } from 'node:net';
import type { JobQueueDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { resetPasswordMail } from '../../mail/templates.ts';

let t: TestContext;
let smtp: SMTPServer;
const delivered: string[] = [];
/** Recipients the server refuses for good (550) once, then accepts. */
const refuseOnce = new Set<string>();

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const refused = to.find((address) => refuseOnce.delete(address));
        if (refused) {
          callback(Object.assign(new Error(`${refused}: mailbox unavailable`), { responseCode: 550 }));
          return;
        }
        delivered.push(...to);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  t = await createTestContext({
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

// Members are made in the database and signed in there: this context's mail goes to the SMTP
// server above, not to the file mailbox a sign-up's confirmation link is read from.
async function moderator() {
  const [member] = await t.signedInMembers(1, 'Mod');
  expect((await t.admin!.put(`/api/admin/moderators/${member!.id}`)).status).toBe(200);
  return member!;
}

async function queueOf(response: Response): Promise<JobQueueDto> {
  expect(response.status).toBe(200);
  return (await response.json()) as JobQueueDto;
}

describe('the Jobs section of the console', () => {
  it('shows an admin a refused mail with its error; Retry delivers it', async () => {
    refuseOnce.add('lost@example.com');
    await t.deps.mailer.send(
      resetPasswordMail('lost@example.com', 'http://localhost:3000/reset-password?token=x'),
    );
    await t.jobsDone();

    const queue = await queueOf(await t.admin!.get('/api/admin/jobs'));
    expect(queue).toMatchObject({ queued: 0, running: 0, failed: 1 });
    const [job] = queue.failedJobs;
    expect(job).toMatchObject({ task: 'mail_send', attempts: 1, maxAttempts: 1, givenUp: true });
    expect(job!.lastError).toMatch(/lost@example\.com: mailbox unavailable/);
    expect(Date.parse(job!.runAt)).toBeLessThanOrEqual(Date.now());
    expect(delivered).not.toContain('lost@example.com');

    const retried = await t.admin!.post(`/api/admin/jobs/${job!.id}/retry`);
    expect(retried.status).toBe(200);
    await t.jobsDone();
    expect(delivered).toContain('lost@example.com');
    expect(await queueOf(await t.admin!.get('/api/admin/jobs'))).toMatchObject({ failed: 0, failedJobs: [] });

    // It ran and is gone: a second Retry names nothing.
    const again = await t.admin!.post(`/api/admin/jobs/${job!.id}/retry`);
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      messages.jobs.notFound,
    );
  });

  it('is not there for moderators and members, and asks a signed-out visitor to sign in', async () => {
    refuseOnce.add('kept@example.com');
    await t.deps.mailer.send(
      resetPasswordMail('kept@example.com', 'http://localhost:3000/reset-password?token=y'),
    );
    await t.jobsDone();
    const [job] = (await queueOf(await t.admin!.get('/api/admin/jobs'))).failedJobs;
    expect(job).toBeDefined();

    const mod = await moderator();
    const [member] = await t.signedInMembers(1, 'Member');
    for (const [who, caller] of [
      ['moderator', mod],
      ['member', member!],
    ] as const) {
      expect((await caller.get('/api/admin/jobs')).status, who).toBe(404);
      expect((await caller.post(`/api/admin/jobs/${job!.id}/retry`)).status, who).toBe(404);
    }
    const visitor = t.client();
    expect((await visitor.get('/api/admin/jobs')).status).toBe(401);
    expect((await visitor.post(`/api/admin/jobs/${job!.id}/retry`)).status).toBe(401);

    // Nothing they did ran it: still failed, still not delivered.
    await t.jobsDone();
    expect(delivered).not.toContain('kept@example.com');
    expect((await queueOf(await t.admin!.get('/api/admin/jobs'))).failedJobs.map((j) => j.id)).toContain(
      job!.id,
    );
    // An id that is not a job id names nothing, for the admin too.
    expect((await t.admin!.post('/api/admin/jobs/not-a-job/retry')).status).toBe(404);
  });
});
