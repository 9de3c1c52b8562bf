import { messages } from '@glimpse/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, actionableMessage } from './api-client.ts';

describe('actionableMessage', () => {
  it('shows the server’s words when they say what to do, the feature’s own otherwise', () => {
    const fallback = 'Your comment could not be posted. Please try again.';
    expect(actionableMessage(new ApiError(429, 'RateLimited', messages.common.rateLimited), fallback)).toBe(
      messages.common.rateLimited,
    );
    expect(actionableMessage(new ApiError(400, 'Invalid', 'Comment is required.'), fallback)).toBe(
      'Comment is required.',
    );
    expect(actionableMessage(new ApiError(413, 'TooLarge', 'This request is too large.'), fallback)).toBe(
      'This request is too large.',
    );
    // Out of storage space: the person learns that retrying now will not help.
    expect(actionableMessage(new ApiError(503, 'Unavailable', messages.common.storageFull), fallback)).toBe(
      messages.common.storageFull,
    );
    expect(actionableMessage(new ApiError(500, 'Internal', 'Something went wrong.'), fallback)).toBe(
      fallback,
    );
    expect(actionableMessage(new Error('boom'), fallback)).toBe(fallback);
  });
});
