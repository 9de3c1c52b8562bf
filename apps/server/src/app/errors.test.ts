/**
 * The error → HTTP map (app/errors.ts) on its own: each kind of failure a handler can throw, and
 * the answer the client gets. The integration suites check the same answers through real routes.
 */
import { messages } from '@glimpse/shared';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../core/http.ts';
import { conflict, invalid, notFound } from '../lib/errors.ts';
import { errorToHttp } from './errors.ts';

async function answerTo(error: unknown) {
  let outOfSpace = 0;
  const app = new Hono<AppEnv>()
    .get('/', () => {
      throw error;
    })
    .onError(errorToHttp({ noteOutOfSpace: () => outOfSpace++ }));
  const response = await app.request('/');
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
    outOfSpace,
  };
}

const pgError = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });

describe('errorToHttp', () => {
  it('answers an AppError with its kind’s status, message and fields', async () => {
    expect(await answerTo(notFound(messages.post.notFound))).toMatchObject({
      status: 404,
      body: { error: { kind: 'NotFound', message: messages.post.notFound } },
    });
    expect(await answerTo(invalid('Bad caption', { caption: 'Too long' }))).toMatchObject({
      status: 400,
      body: { error: { kind: 'Invalid', message: 'Bad caption', fields: { caption: 'Too long' } } },
    });
    expect((await answerTo(conflict('Taken'))).status).toBe(409);
  });

  it('answers a client error of Hono’s as Invalid, and hides a server error behind a generic message', async () => {
    expect(await answerTo(new HTTPException(400, { message: 'Malformed' }))).toMatchObject({
      status: 400,
      body: { error: { kind: 'Invalid', message: 'Malformed' } },
    });
    expect(await answerTo(new Error('secret detail'))).toMatchObject({
      status: 500,
      body: { error: { kind: 'Internal', message: messages.common.somethingWentWrong } },
    });
  });

  it('tells the database’s refusals from its absence', async () => {
    expect(await answerTo(pgError('22P02'))).toMatchObject({
      status: 400,
      body: { error: { kind: 'Invalid', message: messages.common.invalidValue } },
    });
    expect(await answerTo(pgError('57P01'))).toMatchObject({
      status: 503,
      retryAfter: '2',
      body: { error: { kind: 'Unavailable', message: messages.common.unavailable } },
    });
  });

  it('answers a full disk with 503, asks for minutes, and tells the space monitor', async () => {
    expect(await answerTo(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toMatchObject({
      status: 503,
      retryAfter: '300',
      body: { error: { kind: 'Unavailable', message: messages.common.storageFull } },
      outOfSpace: 1,
    });
  });
});
