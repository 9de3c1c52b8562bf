/**
 * Uploads in progress in this process, so that background image work (AVIF encodes) can step aside
 * for them: an upload is on a member's clock, an encode is not.
 */
/** Lets background encodes step aside for the uploads this process is processing. */
export interface UploadGate {
  /** Runs an upload's processing; encodes wait between their steps until none is running. */
  whileUploading<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves when no upload is being processed; rejects at once when `signal` is aborted. */
  clear(signal?: AbortSignal): Promise<void>;
}

export function createUploadGate(): UploadGate {
  let uploads = 0;
  let waiting: (() => void)[] = [];
  const wake = () => {
    const resolvers = waiting;
    waiting = [];
    for (const resolve of resolvers) resolve();
  };
  return {
    async whileUploading(work) {
      uploads++;
      try {
        return await work();
      } finally {
        uploads--;
        if (uploads === 0) wake();
      }
    },
    async clear(signal) {
      signal?.throwIfAborted();
      while (uploads > 0) {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          signal?.addEventListener('abort', () => resolve(), { once: true });
        });
        signal?.throwIfAborted();
      }
    },
  };
}
