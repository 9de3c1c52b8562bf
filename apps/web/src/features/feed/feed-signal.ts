/** Lets the live stream tell an open feed that followed accounts posted, without refetching under the reader. */
const target = new EventTarget();

export const feedSignal = {
  emit: () => target.dispatchEvent(new Event('new-posts')),
  subscribe(listener: () => void) {
    target.addEventListener('new-posts', listener);
    return () => target.removeEventListener('new-posts', listener);
  },
};
