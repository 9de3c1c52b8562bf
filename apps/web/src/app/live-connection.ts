/**
 * The live stream's connection, without React: EventSource retries dropped connections itself;
 * when it gives up (the server refused the reconnect) we open a new one with backoff, but only
 * while the tab is still signed in. The server ends a stream when its session ends (signed out
 * here or on another device, suspended, deleted) and then refuses the reconnect with 401, so a
 * refusal first asks whether the session is still there: if not, the app goes to sign-in and no
 * retry is left running.
 */
import type { LiveMessage } from '@glimpse/shared';

/** The part of the browser's EventSource used here (tests pass a stand-in). */
export interface LiveSource {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface LiveConnectionOptions {
  open: () => LiveSource;
  /** The stream opened; `again` after a reconnect, when messages may have been missed meanwhile. */
  onReady: (again: boolean) => void;
  onMessage: (message: LiveMessage) => void;
  /** Asked when the stream was refused: is this tab still signed in? (Also updates the app's session.) */
  stillSignedIn: () => Promise<boolean>;
  setTimer?: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout> | undefined) => void;
}

/** EventSource.CLOSED, which a server-side stand-in has no global for. */
const closed = 2;
const retryMaxMs = 30_000;

/** Opens the stream; the answer closes it for good. */
export function connectLive({
  open,
  onReady,
  onMessage,
  stillSignedIn,
  setTimer = setTimeout,
  clearTimer = clearTimeout,
}: LiveConnectionOptions): () => void {
  let source: LiveSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempts = 0;
  let connectedBefore = false;
  let stopped = false;

  const retryLater = () => {
    if (stopped) return;
    attempts += 1;
    retryTimer = setTimer(connect, Math.min(retryMaxMs, 1000 * 2 ** attempts));
  };

  function connect() {
    source = open();
    source.addEventListener('ready', () => {
      attempts = 0;
      onReady(connectedBefore);
      connectedBefore = true;
    });
    source.addEventListener('change', (event) => {
      try {
        onMessage(JSON.parse(event.data) as LiveMessage);
      } catch {
        // A malformed message only means one missed refresh.
      }
    });
    source.addEventListener('error', () => {
      if (source?.readyState !== closed || stopped) return;
      // A network failure while asking keeps the old behaviour: try again later.
      stillSignedIn().then((signedIn) => {
        if (signedIn) retryLater();
      }, retryLater);
    });
  }

  connect();
  return () => {
    stopped = true;
    clearTimer(retryTimer);
    source?.close();
  };
}
