import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { notifications } from '../db/schema.ts';
import { notify } from './notify.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('notify', () => {
  it('writes a notice with its subject inside the caller’s transaction', async () => {
    const owner = await t.signUpWithProfile();
    const fan = await t.signUpWithProfile();
    const written = await t.db.transaction((tx) =>
      notify(tx, { type: 'event_reminder', recipientId: owner.id, actorId: null }),
    );
    expect(written).toBe(true);
    const rows = await t.db.select().from(notifications).where(eq(notifications.recipientId, owner.id));
    expect(rows).toMatchObject([{ type: 'event_reminder', actorId: null }]);

    await expect(
      t.db.transaction(async (tx) => {
        await notify(tx, { type: 'new_follower', recipientId: owner.id, actorId: fan.id });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await t.countRows(notifications, eq(notifications.recipientId, owner.id))).toBe(1);
  });

  it('never tells people about their own action', async () => {
    const member = await t.signUpWithProfile();
    expect(await notify(t.db, { type: 'post_like', recipientId: member.id, actorId: member.id })).toBe(false);
    expect(await t.countRows(notifications, eq(notifications.recipientId, member.id))).toBe(0);
  });
});
