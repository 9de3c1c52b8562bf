/**
 * The server's rules (admins write and order them; /signup, reports, apps read them) and a member's
 * invite links (create, list, revoke: the creator's own only).
 */
import type { InviteDto, InvitesDto, RegistrationInfoDto, ReportGroupPage, RuleDto } from '@glimpse/shared';
import { limits, messages, ruleIn } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { flagContent } from '../../composers/federation/outbox/reports.ts';
import { reportRules, serverRules } from '../../db/schema.ts';

let t: TestContext;
let admin: NonNullable<TestContext['admin']>;
let ana: Awaited<ReturnType<TestContext['signInAs']>>;
let bo: Awaited<ReturnType<TestContext['signInAs']>>;

beforeAll(async () => {
  t = await createTestContext();
  admin = t.admin!;
  const members = await t.signedInMembers(2, 'Ana');
  ana = members[0]!;
  bo = members[1]!;
});
afterAll(() => t.close());

const rulesShown = async () =>
  ((await (await t.client().get('/api/registrations')).json()) as RegistrationInfoDto).rules;

describe('rules', () => {
  it('are written, edited, ordered and deleted by admins, and shown to anyone and to apps', async () => {
    const first = (await (
      await admin.post('/api/admin/rules', { text: 'Be kind', explanation: '' })
    ).json()) as RuleDto;
    const second = (await (
      await admin.post('/api/admin/rules', { text: 'No spam', explanation: 'Ads and scams go.' })
    ).json()) as RuleDto;
    expect((await rulesShown()).map((r) => r.text)).toEqual(['Be kind', 'No spam']);

    const moved = (await (
      await admin.post(`/api/admin/rules/${second.id}/move`, { direction: 'up' })
    ).json()) as RuleDto[];
    expect(moved.map((r) => r.id)).toEqual([second.id, first.id]);
    // At the top already: nothing moves.
    await admin.post(`/api/admin/rules/${second.id}/move`, { direction: 'up' });
    expect((await rulesShown()).map((r) => r.id)).toEqual([second.id, first.id]);

    const edited = await admin.put(`/api/admin/rules/${first.id}`, {
      text: 'Be kind to each other',
      explanation: 'Always.',
    });
    expect(edited.status).toBe(200);
    const apps = (await (await t.client().get('/api/v1/instance/rules')).json()) as {
      id: string;
      text: string;
      hint: string;
    }[];
    expect(apps).toEqual([
      { id: second.id, text: 'No spam', hint: 'Ads and scams go.', translations: {} },
      { id: first.id, text: 'Be kind to each other', hint: 'Always.', translations: {} },
    ]);
    const v2 = (await (await t.client().get('/api/v2/instance')).json()) as { rules: unknown[] };
    expect(v2.rules).toHaveLength(2);

    expect((await admin.delete(`/api/admin/rules/${second.id}`)).status).toBe(204);
    expect((await rulesShown()).map((r) => r.id)).toEqual([first.id]);
    expect((await admin.delete(`/api/admin/rules/${second.id}`)).status).toBe(404);
  });

  it('carry translations: each reader gets their language where the admin gave it, else the rule’s own words', async () => {
    const french = { text: 'Soyez aimable', explanation: '' };
    const arabic = { text: 'كن لطيفًا', explanation: 'لا إهانات.' };
    const added = await admin.post('/api/admin/rules', {
      text: 'Be gentle',
      explanation: 'No insults.',
      translations: { fr: french, ar: arabic, de: { text: ' ', explanation: '' } },
    });
    expect(added.status).toBe(201);
    const rule = (await added.json()) as RuleDto;
    // A language left blank is not kept.
    expect(rule.translations).toEqual({ fr: french, ar: arabic });
    const shown = (await rulesShown()).find((r) => r.id === rule.id)!;
    expect(ruleIn(shown, 'fr')).toEqual({ text: 'Soyez aimable', explanation: 'No insults.' });
    expect(ruleIn(shown, 'es')).toEqual({ text: 'Be gentle', explanation: 'No insults.' });

    type AppRule = { id: string; text: string; hint: string; translations: Record<string, unknown> };
    const appRuleIn = async (path: string, language: string) => {
      const response = await t.client().request(path, { headers: { 'accept-language': language } });
      const body = (await response.json()) as AppRule[] | { rules: AppRule[] };
      return (Array.isArray(body) ? body : body.rules).find((r) => r.id === rule.id)!;
    };
    expect(await appRuleIn('/api/v1/instance/rules', 'fr-CA,fr;q=0.9')).toEqual({
      id: rule.id,
      text: 'Soyez aimable',
      hint: 'No insults.',
      translations: {
        fr: { text: 'Soyez aimable', hint: 'No insults.' },
        ar: { text: 'كن لطيفًا', hint: 'لا إهانات.' },
      },
    });
    expect(await appRuleIn('/api/v1/instance/rules', 'es')).toMatchObject({ text: 'Be gentle' });
    expect(await appRuleIn('/api/v2/instance', 'ar')).toMatchObject({ text: 'كن لطيفًا', hint: 'لا إهانات.' });

    // Editing writes the whole rule: a language left out goes.
    const edited = await admin.put(`/api/admin/rules/${rule.id}`, {
      text: 'Be gentle',
      explanation: 'No insults.',
      translations: { ar: arabic },
    });
    expect(((await edited.json()) as RuleDto).translations).toEqual({ ar: arabic });

    // An unknown language, a too long title, or words that are not text: 400, nothing changes.
    const before = await t.db.select().from(serverRules).where(eq(serverRules.id, rule.id));
    for (const translations of [
      { xx: { text: 'Sei nett' } },
      { fr: { text: 'x'.repeat(limits.ruleTextMax + 1) } },
      { fr: 'Soyez aimable' },
    ]) {
      const refused = await admin.put(`/api/admin/rules/${rule.id}`, { text: 'Be gentle', translations });
      expect(refused.status, JSON.stringify(translations)).toBe(400);
    }
    expect((await ana.put(`/api/admin/rules/${rule.id}`, { text: 'Mine', translations: {} })).status).toBe(
      404,
    );
    expect(await t.db.select().from(serverRules).where(eq(serverRules.id, rule.id))).toEqual(before);
    expect((await admin.delete(`/api/admin/rules/${rule.id}`)).status).toBe(204);
  });

  it('are admins’ alone: a member finds no such route and nothing changes; a blank rule is a 400', async () => {
    const before = await t.countRows(serverRules);
    expect((await ana.post('/api/admin/rules', { text: 'Mine' })).status).toBe(404);
    expect((await t.client().post('/api/admin/rules', { text: 'Mine' })).status).toBe(401);
    const blank = await admin.post('/api/admin/rules', { text: '   ' });
    expect(blank.status).toBe(400);
    const long = await admin.post('/api/admin/rules', { text: 'x'.repeat(limits.ruleTextMax + 1) });
    expect(long.status).toBe(400);
    expect(await t.countRows(serverRules)).toBe(before);
  });

  it('are picked in a report, stored with it and shown to staff; an unknown rule is a 400', async () => {
    const rule = (await (await admin.post('/api/admin/rules', { text: 'No harassment' })).json()) as RuleDto;
    const unknown = await ana.post(`/api/users/${bo.id}/reports`, {
      reason: 'Rude',
      ruleIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe(
      messages.registrations.unknownRule,
    );
    const filed = await ana.post(`/api/users/${bo.id}/reports`, { reason: 'Rude', ruleIds: [rule.id] });
    expect(filed.status).toBe(201);
    const { id } = (await filed.json()) as { id: string };
    expect(await t.countRows(reportRules, eq(reportRules.reportId, id))).toBe(1);
    const page = (await (await admin.get('/api/admin/reports')).json()) as ReportGroupPage;
    const report = page.items.flatMap((g) => g.reports).find((r) => r.id === id);
    expect(report?.rules).toEqual([
      { id: rule.id, text: 'No harassment', explanation: '', translations: {} },
    ]);
  });

  it('travel in a forwarded Flag by their text, after the reason', () => {
    expect(flagContent('Rude', [], 'glimpse.example')).toBe('Rude');
    expect(flagContent('Rude', [{ text: 'No harassment' }, { text: 'Be kind' }], 'glimpse.example')).toBe(
      `Rude\n\n${messages.registrations.flagRules('glimpse.example')}\n- No harassment\n- Be kind`,
    );
  });
});

describe('invites', () => {
  it('are made with uses and a lifetime, listed to their creator only, and revoked by them only', async () => {
    const made = await ana.post('/api/invites', { maxUses: 5, expiresIn: '1d' });
    expect(made.status).toBe(201);
    const invite = (await made.json()) as InviteDto;
    expect(invite).toMatchObject({ uses: 0, maxUses: 5, revoked: false });
    const lifetime = new Date(invite.expiresAt!).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(23 * 3600_000);
    expect(lifetime).toBeLessThanOrEqual(24 * 3600_000);

    const never = (await (await ana.post('/api/invites', {})).json()) as InviteDto;
    expect(never).toMatchObject({ maxUses: null, expiresAt: null });

    const mine = (await (await ana.get('/api/invites')).json()) as InvitesDto;
    expect(mine.invites.map((i) => i.id).sort()).toEqual([invite.id, never.id].sort());
    expect(((await (await bo.get('/api/invites')).json()) as InvitesDto).invites).toEqual([]);

    expect((await bo.delete(`/api/invites/${invite.id}`)).status).toBe(404);
    const revoked = await ana.delete(`/api/invites/${invite.id}`);
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as InviteDto).revoked).toBe(true);
    const state = (await (
      await t.client().get(`/api/registrations?invite=${invite.code}`)
    ).json()) as RegistrationInfoDto;
    expect(state.invite?.state).toBe('revoked');
  });

  it('refuse bad input with a 400 and store nothing', async () => {
    for (const body of [
      { maxUses: 0 },
      { maxUses: limits.inviteUsesMax + 1 },
      { expiresIn: '2y' },
      { maxUses: 'ten' },
    ]) {
      expect((await bo.post('/api/invites', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(((await (await bo.get('/api/invites')).json()) as InvitesDto).invites).toEqual([]);
  });
});
