/**
 * Email domain blocks through the real routes: admins keep the list (moderators and members find
 * no such route, signed out 401, bad input 400 storing nothing); a sign-up is refused or waits by
 * its address's domain, a parent domain, or its mail servers, which the server looks up in DNS
 * (here a small UDP responder of the test's own, so nothing leaves the machine) within a time
 * limit, and only when a block exists.
 */

import { createSocket, type Socket } from 'node:dgram';
import type { EmailDomainBlockDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { createMxResolver } from '../../core/email-domain-blocks.ts';
import { emailDomainBlocks, signUps, user } from '../../db/schema.ts';

/** The MX answers the responder gives; a name listed under `silent` gets no answer at all. */
const mxRecords: Record<string, string[]> = {
  'fresh-disposable.example': ['in.mx.disposable-mail.example'],
  'ordinary.example': ['mx.ordinary.example'],
};
const silent = new Set(['slow.example']);
const asked: string[] = [];
/** Every domain the server asked its MX resolver about, one entry a call. */
const lookedUp: string[] = [];

/** A DNS responder for MX questions (RFC 1035 §4): enough of the wire format for one question. */
function startDnsResponder(): Promise<{ socket: Socket; port: number }> {
  const socket = createSocket('udp4');
  socket.on('message', (query, from) => {
    const labels: string[] = [];
    let offset = 12;
    while (query[offset]! > 0) {
      const length = query[offset]!;
      labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
      offset += length + 1;
    }
    const questionEnd = offset + 5;
    const name = labels.join('.').toLowerCase();
    asked.push(name);
    if (silent.has(name)) return;
    const exchanges = mxRecords[name];
    const header = Buffer.from(query.subarray(0, 12));
    header.writeUInt16BE(exchanges ? 0x8180 : 0x8183, 2); // a response; NXDOMAIN without records
    header.writeUInt16BE(exchanges?.length ?? 0, 6);
    header.writeUInt16BE(0, 8);
    header.writeUInt16BE(0, 10);
    const answers = (exchanges ?? []).map((exchange, i) => {
      const encoded = Buffer.concat([
        ...exchange
          .split('.')
          .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])),
        Buffer.from([0]),
      ]);
      const fixed = Buffer.alloc(12);
      fixed.writeUInt16BE(0xc00c, 0); // the question's name
      fixed.writeUInt16BE(15, 2); // MX
      fixed.writeUInt16BE(1, 4); // IN
      fixed.writeUInt32BE(60, 6);
      fixed.writeUInt16BE(encoded.length + 2, 10);
      const preference = Buffer.alloc(2);
      preference.writeUInt16BE(10 * (i + 1));
      return Buffer.concat([fixed, preference, encoded]);
    });
    socket.send(
      Buffer.concat([header, query.subarray(12, questionEnd), ...answers]),
      from.port,
      from.address,
    );
  });
  return new Promise((resolve) =>
    socket.bind(0, '127.0.0.1', () => resolve({ socket, port: socket.address().port })),
  );
}

let t: TestContext;
let dns: { socket: Socket; port: number };
let admin: NonNullable<TestContext['admin']>;
let moderator: Awaited<ReturnType<TestContext['signInAs']>>;
let member: Awaited<ReturnType<TestContext['signInAs']>>;

beforeAll(async () => {
  dns = await startDnsResponder();
  const resolveMx = createMxResolver([`127.0.0.1:${dns.port}`], 300);
  t = await createTestContext(
    {},
    {
      resolveMx: (domain) => {
        lookedUp.push(domain);
        return resolveMx(domain);
      },
    },
  );
  admin = t.admin!;
  const [moderatorId, memberId] = await t.insertMembers(2, 'Staff');
  await t.db.update(user).set({ role: 'moderator' }).where(eq(user.id, moderatorId!));
  moderator = await t.signInAs(moderatorId!);
  member = await t.signInAs(memberId!);
});
afterAll(async () => {
  await t.close();
  dns.socket.close();
});

let counter = 0;
const signUpWith = (domain: string) => {
  const email = `joiner${++counter}@${domain}`;
  return t
    .client()
    .post('/api/auth/sign-up/email', {
      email,
      password: 'a brand new password',
      name: 'J',
      acceptTerms: true,
    })
    .then((response) => ({ response, email }));
};
const accountOf = async (email: string) =>
  (await t.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id;

describe('a sign-up', () => {
  it('with no block at all goes through without asking DNS', async () => {
    const { response } = await signUpWith('ordinary.example');
    expect(response.status).toBe(200);
    expect(asked).toEqual([]);
  });

  it('is refused by a block on its domain, a parent domain or its mail servers, and creates nothing', async () => {
    const added = await admin.post('/api/admin/email-domain-blocks', {
      domain: 'Disposable-Mail.example.',
      severity: 'refuse',
    });
    expect(added.status).toBe(201);
    expect(((await added.json()) as EmailDomainBlockDto).domain).toBe('disposable-mail.example');
    for (const domain of [
      'disposable-mail.example',
      'inbox.disposable-mail.example',
      'fresh-disposable.example',
    ]) {
      const { response, email } = await signUpWith(domain);
      expect(response.status, domain).toBe(403);
      expect(await response.json()).toMatchObject({
        code: 'EMAIL_DOMAIN_REFUSED',
        message: messages.registrations.emailDomainRefused,
      });
      expect(await accountOf(email)).toBeUndefined();
    }
    expect(asked).toContain('fresh-disposable.example');
    // Mail servers of their own, none blocked: in.
    expect((await signUpWith('ordinary.example')).response.status).toBe(200);
  });

  it('looks its domain up once, for an account made as for one refused', async () => {
    lookedUp.length = 0;
    expect((await signUpWith('ordinary.example')).response.status).toBe(200);
    expect(lookedUp).toEqual(['ordinary.example']);
    lookedUp.length = 0;
    expect((await signUpWith('fresh-disposable.example')).response.status).toBe(403);
    expect(lookedUp).toEqual(['fresh-disposable.example']);
  });

  it('goes on by its own domain when DNS does not answer in time', async () => {
    const { response, email } = await signUpWith('slow.example');
    expect(asked).toContain('slow.example');
    expect(response.status).toBe(200);
    expect(await accountOf(email)).toBeDefined();
  });

  it('waits for a moderator when its block asks for approval, in open mode too', async () => {
    expect(
      (await admin.post('/api/admin/email-domain-blocks', { domain: 'review.example', severity: 'approval' }))
        .status,
    ).toBe(201);
    const { response, email } = await signUpWith('review.example');
    expect(response.status).toBe(200);
    const id = await accountOf(email);
    const [row] = await t.db
      .select({ waiting: signUps.waiting })
      .from(signUps)
      .where(eq(signUps.userId, id!));
    expect(row?.waiting).toBe(true);
  });
});

describe('the list', () => {
  it('is admins’: moderators and members find no such route, a stranger must sign in, and nothing changes', async () => {
    const before = await t.db.select().from(emailDomainBlocks);
    for (const caller of [moderator, member]) {
      expect((await caller.get('/api/admin/email-domain-blocks')).status).toBe(404);
      expect(
        (await caller.post('/api/admin/email-domain-blocks', { domain: 'x.example', severity: 'refuse' }))
          .status,
      ).toBe(404);
      expect((await caller.delete('/api/admin/email-domain-blocks/review.example')).status).toBe(404);
    }
    const stranger = t.client();
    expect((await stranger.get('/api/admin/email-domain-blocks')).status).toBe(401);
    expect((await stranger.delete('/api/admin/email-domain-blocks/review.example')).status).toBe(401);
    expect(await t.db.select().from(emailDomainBlocks)).toEqual(before);
  });

  it('refuses a bad domain or severity (400) and an unknown one on delete (404), storing nothing', async () => {
    const before = await t.db.select().from(emailDomainBlocks);
    for (const body of [
      { domain: 'not a domain', severity: 'refuse' },
      { domain: 'ok.example', severity: 'silence' },
      { domain: '', severity: 'refuse' },
    ]) {
      expect((await admin.post('/api/admin/email-domain-blocks', body)).status).toBe(400);
    }
    expect((await admin.delete('/api/admin/email-domain-blocks/never-blocked.example')).status).toBe(404);
    expect(await t.db.select().from(emailDomainBlocks)).toEqual(before);
  });

  it('lists what admins added, and a removed block lets the next sign-up in', async () => {
    const listed = (await (
      await admin.get('/api/admin/email-domain-blocks')
    ).json()) as EmailDomainBlockDto[];
    expect(listed.map((block) => [block.domain, block.severity])).toEqual([
      ['disposable-mail.example', 'refuse'],
      ['review.example', 'approval'],
    ]);
    expect((await admin.delete('/api/admin/email-domain-blocks/disposable-mail.example')).status).toBe(204);
    expect((await signUpWith('disposable-mail.example')).response.status).toBe(200);
  });
});
