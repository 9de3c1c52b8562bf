/**
 * Reads a live (SSE) response the way the browser's EventSource does, for tests: resolves once the
 * server says `ready`, then collects every `change` message until closed. `ended` resolves when the
 * server ends the stream (or the test closes it).
 */
import type { LiveMessage } from '@glimpse/shared';

export async function collectLiveMessages(response: Response, abort: () => void) {
  const received: LiveMessage[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => {
    ready = resolve;
  });
  let closedByTest = false;
  /** Resolves true when the server ends the stream, false when the test closes it. */
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return !closedByTest;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.includes('event: ready')) ready();
          const data = frame.split('\n').find((line) => line.startsWith('data: '));
          if (frame.includes('event: change') && data)
            received.push(JSON.parse(data.slice(6)) as LiveMessage);
        }
      }
    } catch {
      // the stream was closed
    }
    return !closedByTest;
  })();
  await isReady;
  return {
    received,
    /** Whether the server ends the stream within `ms`. */
    endsWithin: (ms: number) =>
      Promise.race([ended, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]),
    close: () => {
      closedByTest = true;
      abort();
      void reader.cancel().catch(() => {});
    },
  };
}
