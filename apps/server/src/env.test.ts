import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

const base = { DATA_DIR: '/tmp/glimpse-env-test', BETTER_AUTH_SECRET: 'x'.repeat(32) };

describe('FEDERATION_ALLOW_PRIVATE_ADDRESSES (the outbound gate escape hatch)', () => {
  it('is off by default', () => {
    const env = parseEnv({ ...base, NODE_ENV: 'development' });
    expect(env.outboundAllowPrivateAddresses).toBe(false);
    expect(env.warnings).toEqual([]);
  });

  it('opens the gate in tests and development', () => {
    for (const NODE_ENV of ['test', 'development']) {
      const env = parseEnv({ ...base, NODE_ENV, FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' });
      expect(env.outboundAllowPrivateAddresses, NODE_ENV).toBe(true);
    }
  });

  it('is refused with a warning in production, without stopping the start', () => {
    const env = parseEnv({
      ...base,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://glimpse.example',
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
    expect(env.outboundAllowPrivateAddresses).toBe(false);
    expect(env.warnings).toEqual([
      expect.stringMatching(/^FEDERATION_ALLOW_PRIVATE_ADDRESSES=true is ignored/),
    ]);
  });

  it('stops the start on a value that is neither true nor false, naming the variable', () => {
    expect(() => parseEnv({ ...base, FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'yes' })).toThrow(
      /FEDERATION_ALLOW_PRIVATE_ADDRESSES/,
    );
  });
});

describe('PUBLIC_URL with federation', () => {
  const production = { ...base, NODE_ENV: 'production' };

  it('is required in production while FEDERATION=on (the default)', () => {
    expect(() => parseEnv(production)).toThrow(/PUBLIC_URL: required in production while FEDERATION=on/);
  });

  it('must be https in production while FEDERATION=on', () => {
    expect(() => parseEnv({ ...production, PUBLIC_URL: 'http://glimpse.example' })).toThrow(/must be https/);
  });

  it('is free again with FEDERATION=off, and in development', () => {
    expect(parseEnv({ ...production, FEDERATION: 'off' }).FEDERATION).toBe('off');
    expect(parseEnv({ ...base, PUBLIC_URL: 'http://localhost:3000' }).FEDERATION).toBe('on');
  });
});
