/**
 * Change email (issue 14): it needs the password; the new address gets a link and nothing changes
 * until it is opened; the old address is told; an address that already has an account gets
 * nothing, and the answer and the old address's notice are the same as for a free one.
 */
import { type MeDto, messages } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { decodeQuotedPrintable } from '../../test/mail.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const me = async (member: { get: (p: string) => Promise<Response> }) =>
  (await (await member.get('/api/me')).json()) as MeDto;
const mailTo = async (address: string) => (await t.mailbox()).filter((m) => m.to === address);

describe('change email', () => {
  it('changes the address only when the link sent to the new one is opened', async () => {
    const member = await t.signUpWithProfile();
    // An account from before sign-up required a confirmed address (issue 23), signed in unconfirmed.
    await t.db.update(user).set({ emailVerified: false }).where(eq(user.id, member.id));
    const newEmail = `moved-${member.id.slice(0, 8)}@example.com`.toLowerCase();

    const wrong = await member.post('/api/account/email', { newEmail, password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(await mailTo(newEmail)).toHaveLength(0);
    const same = await member.post('/api/account/email', {
      newEmail: member.email,
      password: member.password,
    });
    expect(same.status).toBe(400);
    expect((await same.json()).error.message).toBe(messages.changeEmail.same);

    const asked = await member.post('/api/account/email', { newEmail, password: member.password });
    expect(asked.status).toBe(202);
    expect((await me(member)).user).toMatchObject({ email: member.email, emailVerified: false });
    const [notice] = (await mailTo(member.email)).filter(
      (m) => m.subject === messages.changeEmail.noticeSubject,
    );
    expect(decodeQuotedPrintable(notice!.raw)).toContain(newEmail);
    const [link] = await mailTo(newEmail);
    expect(link!.subject).toBe(messages.changeEmail.verifySubject);

    const opened = await member.get(link!.link!.replace('http://localhost:3000', ''));
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/settings/account?emailChanged=1');
    // Opening the link proved the new address: confirmed, though the old one never was.
    expect((await me(member)).user).toMatchObject({ email: newEmail, emailVerified: true });

    // The new address signs in; the old one no longer does.
    const laptop = t.client();
    expect(
      (await laptop.post('/api/auth/sign-in/email', { email: member.email, password: member.password }))
        .status,
    ).toBe(401);
    expect(
      (await laptop.post('/api/auth/sign-in/email', { email: newEmail, password: member.password })).status,
    ).toBe(200);
  });

  it('answers the same for an address that already has an account, and mails it nothing', async () => {
    const member = await t.signUpWithProfile();
    const taken = await t.signUpWithProfile();
    const before = (await mailTo(taken.email)).length;
    const asked = await member.post('/api/account/email', {
      newEmail: taken.email,
      password: member.password,
    });
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ message: messages.changeEmail.sent });
    expect(await mailTo(taken.email)).toHaveLength(before);
    expect((await mailTo(member.email)).some((m) => m.subject === messages.changeEmail.noticeSubject)).toBe(
      true,
    );
    expect((await me(member)).user.email).toBe(member.email);
  });

  it('needs a signed-in caller', async () => {
    const asked = await t
      .client()
      .post('/api/account/email', { newEmail: 'x@example.com', password: 'whatever' });
    expect(asked.status).toBe(401);
  });
});
