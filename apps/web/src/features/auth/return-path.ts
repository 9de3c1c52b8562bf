/** Where to go after sign-in: the private page the visitor was sent away from, else the feed. */
export function returnPathFrom(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  // Only same-app paths: never an absolute URL someone slipped into history state.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}
