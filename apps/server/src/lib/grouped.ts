/**
 * A group commit for any statement that can take many items at once: the first caller's item goes
 * at once, alone; the items asked for while that statement is under way wait and go together in
 * the next one (at most `largest` to a statement). Under a burst, many round trips and commits
 * become a few; a caller alone waits for nothing. Each caller gets its own item's result, and
 * every caller of a group that fails gets its error.
 */
export function groupedWhileBusy<Item, Result>(
  run: (items: Item[]) => Promise<Result[]>,
  largest = 32,
): (item: Item) => Promise<Result> {
  let waiting: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  let running = false;
  const drain = async () => {
    running = true;
    while (waiting.length > 0) {
      const group = waiting.slice(0, largest);
      waiting = waiting.slice(largest);
      try {
        const results = await run(group.map((entry) => entry.item));
        for (const [i, entry] of group.entries()) entry.resolve(results[i]!);
      } catch (error) {
        for (const entry of group) entry.reject(error);
      }
    }
    running = false;
  };
  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void drain();
    });
}
