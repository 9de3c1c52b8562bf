/**
 * Private accounts: Alice turns "Private account" on; Bob's Follow becomes Requested,
 * Alice approves on /follow-requests and Bob sees her photo without a reload of her side; Carol's
 * request is declined and she still sees nothing; a public account's "Followers only" post stays
 * hidden from a non-follower. axe on each new screen; SHOTS_DIR keeps 390 and 1280 px pictures.
 */
import {
  addPost,
  currentUserId,
  expectAccessible,
  newUser,
  photoFile,
  shots,
  signUpWithProfile,
} from '../support/app.ts';
import { expect, test } from '../support/test.ts';

test('request, approve, see; request, decline, see nothing; the audience choice', async ({ browser }) => {
  test.slow(); // three accounts on a busy machine
  const [aliceContext, bobContext, carolContext] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  const [alice, bob, carol] = await Promise.all([
    aliceContext.newPage(),
    bobContext.newPage(),
    carolContext.newPage(),
  ]);
  await signUpWithProfile(alice, newUser('Alba'));
  const bobUser = await signUpWithProfile(bob, newUser('Benno'));
  const carolUser = await signUpWithProfile(carol, newUser('Cira'));
  const aliceId = await currentUserId(alice);
  const caption = `Family picnic ${Date.now()}`;

  await test.step('Alice makes her account private; it stays on after a reload', async () => {
    await alice.goto('/settings/account');
    const box = alice.getByRole('checkbox', { name: 'Private account' });
    await expect(box).not.toBeChecked();
    await box.check();
    await expect(alice.getByRole('status').filter({ hasText: 'Privacy setting saved' })).toBeVisible();
    await alice.reload();
    await expect(alice.getByRole('checkbox', { name: 'Private account' })).toBeChecked();
    await expectAccessible(alice, '/settings/account');
    await shots(alice, 'private-settings');
  });

  await test.step('Her new post is followers only by default', async () => {
    await alice.goto('/addpost');
    await expect(alice.getByRole('combobox', { name: 'Audience' })).toHaveValue('followers');
    await alice.getByLabel('Photos and videos').setInputFiles(await photoFile('private'));
    await alice.getByLabel('Caption').fill(caption);
    await alice.getByRole('button', { name: 'Submit' }).click();
    await expect(alice).toHaveURL(/\/postdetail\/[0-9a-f-]{36}$/);
  });

  await test.step('Bob sees the header and "This account is private"; Follow becomes Requested', async () => {
    await bob.goto(`/userpublicfeed/${aliceId}`);
    await expect(bob.getByText('This account is private')).toBeVisible();
    await expect(bob.getByText(caption)).toHaveCount(0);
    await bob.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(bob.getByRole('button', { name: 'Requested' })).toBeVisible();
    await expectAccessible(bob, '/userpublicfeed (private)');
    await shots(bob, 'private-profile-requested');
    // Pressing Requested again takes the request back; then Bob asks again.
    await bob.getByRole('button', { name: 'Requested' }).click();
    await expect(bob.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await bob.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(bob.getByRole('button', { name: 'Requested' })).toBeVisible();
  });

  await test.step('Carol asks too', async () => {
    await carol.goto(`/userpublicfeed/${aliceId}`);
    await carol.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(carol.getByRole('button', { name: 'Requested' })).toBeVisible();
  });

  await test.step('Alice finds the Follow requests link on /notifications and approves Bob', async () => {
    await alice.goto('/notifications');
    await alice.getByRole('link', { name: 'Follow requests' }).click();
    await expect(alice).toHaveURL(/\/follow-requests$/);
    const list = alice.getByRole('list', { name: 'Follow requests' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expectAccessible(alice, '/follow-requests');
    await shots(alice, 'follow-requests');
    await list
      .getByRole('listitem')
      .filter({ hasText: `${bobUser.firstName} ${bobUser.lastName}` })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expect(alice.getByRole('status').filter({ hasText: 'Request approved' })).toBeVisible();
  });

  await test.step('Bob, still on her profile, sees her photo without reloading', async () => {
    await expect(bob.getByRole('button', { name: 'Unfollow' })).toBeVisible();
    await expect(bob.getByText('This account is private')).toHaveCount(0);
    await expect(bob.getByRole('link', { name: new RegExp(caption) }).first()).toBeVisible();
    await bob.goto('/');
    await expect(bob.getByText(caption)).toBeVisible();
    // The photo itself loads: its address is signed for her followers (docs/security.md row 66).
    const photo = bob.locator('main img[src*="/media/images/"]').first();
    await expect(photo).toHaveAttribute('src', /\?e=\d+&s=/);
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  });

  await test.step('Alice declines Carol; Carol reads Follow again and sees nothing', async () => {
    const list = alice.getByRole('list', { name: 'Follow requests' });
    await list
      .getByRole('listitem')
      .filter({ hasText: `${carolUser.firstName} ${carolUser.lastName}` })
      .getByRole('button', { name: 'Decline' })
      .click();
    await expect(alice.getByRole('status').filter({ hasText: 'Request declined' })).toBeVisible();
    await expect(alice.getByText('No follow requests')).toBeVisible();
    await carol.reload();
    await expect(carol.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await expect(carol.getByText('This account is private')).toBeVisible();
    await expect(carol.getByText(caption)).toHaveCount(0);
  });

  await test.step('Carol, public, posts for her followers only; Bob cannot see it, but her public post', async () => {
    const hidden = `Only for friends ${Date.now()}`;
    await carol.goto('/addpost');
    const audience = carol.getByRole('combobox', { name: 'Audience' });
    await expect(audience).toHaveValue('public');
    await audience.selectOption({ label: 'Followers only' });
    await carol.getByLabel('Photos and videos').setInputFiles(await photoFile('friends'));
    await carol.getByLabel('Caption').fill(hidden);
    await expectAccessible(carol, '/addpost (audience)');
    await shots(carol, 'addpost-audience');
    await carol.getByRole('button', { name: 'Submit' }).click();
    await expect(carol).toHaveURL(/\/postdetail\/[0-9a-f-]{36}$/);
    const hiddenPath = new URL(carol.url()).pathname;
    const open = `Open to all ${Date.now()}`;
    await addPost(carol, open);
    const carolId = await currentUserId(carol);

    await bob.goto(`/userpublicfeed/${carolId}`);
    await expect(bob.getByRole('link', { name: new RegExp(open) }).first()).toBeVisible();
    await expect(bob.getByText(hidden)).toHaveCount(0);
    await bob.goto(hiddenPath);
    await expect(bob.getByText(hidden)).toHaveCount(0);
    await bob.goto('/explore');
    await expect(bob.getByText(hidden)).toHaveCount(0);
  });

  await Promise.all([aliceContext.close(), bobContext.close(), carolContext.close()]);
});
