import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { imageForm, makeJpeg } from '#test/images.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const validProfile = {
  firstName: 'Grace',
  lastName: 'Hopper',
  username: 'grace',
  website: 'navy.mil',
  bio: 'COBOL',
};

describe('profile', () => {
  it('creates the profile of the signed-in user and answers it on /api/me', async () => {
    const member = await t.signUp();
    const saved = await member.put('/api/profile', validProfile);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      userId: member.id,
      firstName: 'Grace',
      username: 'grace',
      website: 'https://navy.mil',
      profileImage: null,
      isAdminUser: false,
      isVerified: false,
    });
    const me = (await (await member.get('/api/me')).json()) as { profile: { bio: string } };
    expect(me.profile.bio).toBe('COBOL');
  });

  it('edits the profile in place', async () => {
    const member = await t.signUpWithProfile({ username: 'editor' });
    const edited = await member.put('/api/profile', { ...validProfile, username: 'Editor', bio: 'changed' });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ username: 'Editor', bio: 'changed' });
  });

  it('refuses a signed-out visitor', async () => {
    const response = await t.client().put('/api/profile', validProfile);
    expect(response.status).toBe(401);
  });

  it('keeps usernames unique without regard to case', async () => {
    await t.signUpWithProfile({ username: 'unique_name' });
    const other = await t.signUp();
    const response = await other.put('/api/profile', { ...validProfile, username: 'UNIQUE_Name' });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      error: { kind: 'Conflict', message: 'That username is already taken. Please choose another one.' },
    });
    expect(((await (await other.get('/api/me')).json()) as { profile: unknown }).profile).toBeNull();
  });

  it('requires first name, last name and username, and stores nothing otherwise', async () => {
    const member = await t.signUp();
    const response = await member.put('/api/profile', { firstName: ' ', lastName: '', username: '' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toMatchObject({
      firstName: 'First name is required.',
      lastName: 'Last name is required.',
    });
    expect(((await (await member.get('/api/me')).json()) as { profile: unknown }).profile).toBeNull();
  });

  it('refuses a name with a direction override or nothing visible, and stores nothing', async () => {
    const member = await t.signUp();
    // U+202E reverses what follows it: "Ana \u202Eredro ruoy" would show as "Ana your order".
    const override = await member.put('/api/profile', { ...validProfile, firstName: 'Ana \u202Eredro ruoy' });
    expect(override.status).toBe(400);
    expect(((await override.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      firstName: 'First name cannot contain characters that change the direction of text.',
    });
    const invisible = await member.put('/api/profile', { ...validProfile, lastName: '\u200B\u200D' });
    expect(invisible.status).toBe(400);
    expect(((await invisible.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      lastName: 'Last name must contain at least one visible character.',
    });
    expect(((await (await member.get('/api/me')).json()) as { profile: unknown }).profile).toBeNull();

    // An existing profile keeps its name when an edit tries the same.
    const owner = await t.signUpWithProfile({ firstName: 'Owner', username: 'bidi_owner' });
    const edit = await owner.put('/api/profile', {
      ...validProfile,
      username: 'bidi_owner',
      lastName: '\u2067Hopper',
    });
    expect(edit.status).toBe(400);
    const stored = (await (await owner.get(`/api/profiles/${owner.id}`)).json()) as { firstName: string };
    expect(stored.firstName).toBe('Owner');
    // Signed out there is no profile to write to at all.
    expect((await t.client().put('/api/profile', { ...validProfile, firstName: '\u202EAna' })).status).toBe(
      401,
    );
  });

  it('accepts only http(s) websites', async () => {
    const member = await t.signUp();
    const response = await member.put('/api/profile', {
      ...validProfile,
      username: 'js_url',
      website: 'javascript:alert(1)',
    });
    expect(response.status).toBe(400);
  });

  it('changes only the caller’s own profile: there is no way to address another one', async () => {
    const owner = await t.signUpWithProfile({ firstName: 'Owner', username: 'owner_name' });
    const intruder = await t.signUpWithProfile({ username: 'intruder' });
    const attempt = await intruder.put('/api/profile', {
      ...validProfile,
      username: 'intruder',
      userId: owner.id,
    });
    expect(attempt.status).toBe(200);
    const ownerProfile = (await (await owner.get(`/api/profiles/${owner.id}`)).json()) as {
      firstName: string;
    };
    expect(ownerProfile.firstName).toBe('Owner');
    expect((await intruder.put(`/api/profiles/${owner.id}`, validProfile)).status).toBe(404);
  });

  it('attaches the caller’s uploaded pictures and refuses someone else’s', async () => {
    const member = await t.signUp();
    const upload = await member.request('/api/images', {
      method: 'POST',
      body: imageForm(await makeJpeg(), 'profile'),
    });
    expect(upload.status).toBe(201);
    const image = (await upload.json()) as { id: string };

    const thief = await t.signUp();
    const stolen = await thief.put('/api/profile', {
      ...validProfile,
      username: 'thief',
      profileImageId: image.id,
    });
    expect(stolen.status).toBe(403);

    const saved = await member.put('/api/profile', {
      ...validProfile,
      username: 'pictured',
      profileImageId: image.id,
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ profileImage: { id: image.id, purpose: 'profile' } });
  });

  it('deletes a replaced picture together with its files', async () => {
    const member = await t.signUp();
    // Two different pictures: the same bytes uploaded twice share one set of files (features/images/service.ts).
    const upload = async (width: number) =>
      (await (
        await member.request('/api/images', {
          method: 'POST',
          body: imageForm(await makeJpeg(width), 'background'),
        })
      ).json()) as { id: string; url: string };
    const first = await upload(800);
    await member.put('/api/profile', { ...validProfile, username: 'replacer', backgroundImageId: first.id });
    const firstFile = first.url.replace('/media/', '');
    expect(await t.storedFiles()).toContain(firstFile);

    const second = await upload(900);
    await member.put('/api/profile', { ...validProfile, username: 'replacer', backgroundImageId: second.id });
    expect(await t.storedFiles()).not.toContain(firstFile);
    expect(await t.storedFiles()).toContain(second.url.replace('/media/', ''));
  });

  it('shows a profile to signed-in members and 404 for an unknown user', async () => {
    const member = await t.signUpWithProfile({ username: 'visible' });
    expect((await member.get(`/api/profiles/${member.id}`)).status).toBe(200);
    expect((await member.get('/api/profiles/nobody')).status).toBe(404);
    expect((await t.client().get(`/api/profiles/${member.id}`)).status).toBe(401);
  });
});
