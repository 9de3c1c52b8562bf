import { describe, expect, it } from 'vitest';
import { connectLive, type LiveSource } from './live-connection.ts';

/** A stand-in EventSource the test drives: `emit('ready')`, `refuse()` as after a 401. */
class FakeSource implements LiveSource {
  readyState = 0;
  closedByApp = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data = '{}') {
    for (const listener of this.listeners.get(type) ?? []) listener({ data } as MessageEvent<string>);
  }
  /** What EventSource does when a reconnect is answered with an error status: closed for good. */
  refuse() {
    this.readyState = 2;
    this.emit('error');
  }
  close() {
    this.closedByApp = true;
  }
}

function harness(signedIn: () => Promise<boolean>) {
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  let asked = 0;
  const stop = connectLive({
    open: () => {
      const source = new FakeSource();
      sources.push(source);
      return source;
    },
    onReady: () => {},
    onMessage: () => {},
    stillSignedIn: () => {
      asked += 1;
      return signedIn();
    },
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimer: (timer) => {
      if (timer) (timer as unknown as { cleared: boolean }).cleared = true;
    },
  });
  return { sources, timers, stop, asked: () => asked };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('connectLive', () => {
  it('asks whether the tab is still signed in when the stream is refused, and stops if not', async () => {
    const { sources, timers, asked } = harness(async () => false);
    sources[0]!.emit('ready');
    sources[0]!.refuse();
    await settle();
    expect(asked()).toBe(1);
    // Signed out: no reconnect is scheduled, so nothing knocks on the server again.
    expect(timers).toHaveLength(0);
    expect(sources).toHaveLength(1);
  });

  it('reconnects with growing waits while still signed in (a restart answered 503)', async () => {
    const { sources, timers } = harness(async () => true);
    sources[0]!.refuse();
    await settle();
    expect(timers.map((t) => t.ms)).toEqual([2000]);
    timers[0]!.run();
    sources[1]!.refuse();
    await settle();
    expect(timers.map((t) => t.ms)).toEqual([2000, 4000]);
  });

  it('tries again later when asking fails (offline), and closes for good when stopped', async () => {
    const { sources, timers, stop } = harness(async () => {
      throw new Error('offline');
    });
    sources[0]!.refuse();
    await settle();
    expect(timers).toHaveLength(1);
    stop();
    expect(timers[0]!.cleared).toBe(true);
    expect(sources[0]!.closedByApp).toBe(true);
  });

  it('ignores a dropped connection EventSource is still retrying by itself', async () => {
    const { sources, timers, asked } = harness(async () => true);
    sources[0]!.emit('error'); // readyState CONNECTING
    await settle();
    expect(asked()).toBe(0);
    expect(timers).toHaveLength(0);
  });
});
