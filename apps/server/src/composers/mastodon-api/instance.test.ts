/**
 * The instance as apps read it before and after sign-in: v1 (megalodon's streaming address), v2
 * (Ivory crashed when it was missing; Ice Cubes needs `configuration`), `contact.email` present,
 * rules; all readable with no token, each figure the one the web app enforces.
 */
import { appVersion, limits } from '@glimpse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientApiClient, memberWithToken } from '#test/client-api.ts';
import { createTestContext, type TestContext, testOrigin } from '#test/context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('GET /api/v2/instance', () => {
  it('answers with no token, with configuration, registrations, contact.email and rules', async () => {
    const response = await clientApiClient(t, null).get('/api/v2/instance');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const instance = await response.json();
    expect(instance.domain).toBe(new URL(testOrigin).host);
    expect(instance.version).toBe(`4.3.0 (compatible; Glimpse ${appVersion})`);
    expect(instance.version.split(' ')[0]).toMatch(/^4\.\d+\.\d+$/);
    expect(instance.configuration.statuses.max_characters).toBe(limits.captionMax);
    expect(instance.configuration.statuses.max_media_attachments).toBe(limits.postPhotosMax);
    expect(instance.configuration.media_attachments.supported_mime_types).toContain('image/jpeg');
    expect(instance.configuration.media_attachments.image_size_limit).toBe(limits.imageMaxBytes);
    expect(instance.configuration.media_attachments.image_matrix_limit).toBe(limits.imageMaxPixels);
    expect(instance.configuration.urls.streaming).toBe('ws://localhost:3000');
    expect(instance.configuration.vapid.public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(instance.configuration.accounts).toBeDefined();
    expect(instance.registrations).toMatchObject({ enabled: true, approval_required: false });
    expect(instance.contact).toHaveProperty('email');
    expect(typeof instance.contact.email).toBe('string');
    expect(instance.rules).toEqual([]);
    expect(instance.api_versions).toEqual({ mastodon: 2 });
    expect(instance.thumbnail.url).toMatch(/^http:\/\/localhost:3000\//);
  });

  it('offers video with its limits when the server has an ffmpeg (the same in v1)', async () => {
    for (const path of ['/api/v2/instance', '/api/v1/instance']) {
      const instance = await (await clientApiClient(t, null).get(path)).json();
      const media = instance.configuration.media_attachments;
      expect(media.supported_mime_types).toEqual(
        expect.arrayContaining(['video/mp4', 'video/quicktime', 'video/webm']),
      );
      expect(media.video_size_limit).toBe(limits.videoMaxBytes);
      expect(media.video_frame_rate_limit).toBe(limits.videoMaxFps);
      expect(media.video_matrix_limit).toBe(limits.videoMaxPixels);
    }
  });

  it('names the first admin as the contact account, with URLs for every picture', async () => {
    const instance = await (await clientApiClient(t, null).get('/api/v2/instance')).json();
    expect(instance.contact.account.id).toBe(t.admin!.id);
    expect(instance.contact.account.avatar).toBe(`${testOrigin}/placeholders/avatar.png`);
    expect(instance.contact.account.header).toBe(`${testOrigin}/placeholders/header.png`);
  });

  it('answers a member’s token alike', async () => {
    const { api } = await memberWithToken(t);
    expect((await api.get('/api/v2/instance')).status).toBe(200);
  });
});

describe('GET /api/v1/instance', () => {
  it('answers with no token, with the streaming address megalodon opens and the counts', async () => {
    await memberWithToken(t);
    const response = await clientApiClient(t, null).get('/api/v1/instance');
    expect(response.status).toBe(200);
    const instance = await response.json();
    expect(instance.uri).toBe('localhost:3000');
    expect(instance.urls.streaming_api).toBe('ws://localhost:3000');
    expect(instance.version).toMatch(/^4\.3\.0 \(compatible; Glimpse /);
    expect(instance.stats.user_count).toBeGreaterThanOrEqual(2);
    expect(instance.stats).toHaveProperty('status_count');
    expect(instance.stats).toHaveProperty('domain_count');
    expect(typeof instance.email).toBe('string');
    expect(instance.configuration.statuses.max_characters).toBe(limits.captionMax);
    expect(instance.rules).toEqual([]);
    expect(typeof instance.thumbnail).toBe('string');
  });
});

describe('GET /api/v1/instance/rules', () => {
  it('is an empty list, with or without a token', async () => {
    const anonymous = await clientApiClient(t, null).get('/api/v1/instance/rules');
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual([]);
    const { api } = await memberWithToken(t);
    expect(await (await api.get('/api/v1/instance/rules')).json()).toEqual([]);
  });
});
