/**
 * Sums a V8 CPU profile's self time (`node --cpu-prof`, or `bench/federation.ts --cpu-prof <dir>`)
 * by function and by module, so that a profile of a whole server process reads as a short table:
 * which code (ours, Fedify, pg, drizzle, JSON-LD, crypto) takes the CPU.
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [--top 40]
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values: args, positionals } = parseArgs({
  options: { top: { type: 'string', default: '40' } },
  allowPositionals: true,
});
if (positionals.length === 0) {
  process.stdout.write('Usage: npx tsx bench/profile-summary.ts <file.cpuprofile>... [--top 40]\n');
  process.exit(1);
}

/** node_modules/<package> (with its scope), our workspace's file, or V8's own entries. */
function moduleOf(url: string): string {
  if (!url) return '(native)';
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1]!;
  if (url.startsWith('node:')) return url;
  const ours = url.match(/\/(apps\/[^/]+\/(?:src|dist)\/.*|packages\/.*|bench\/.*)$/);
  return ours ? ours[1]! : url;
}

const add = (map: Map<string, number>, key: string, value: number) =>
  map.set(key, (map.get(key) ?? 0) + value);
const top = Number(args.top);

for (const file of positionals) {
  const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  // Each sample is charged the time to the next one (V8's own convention for self time).
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  /** The nearest frame of our own code above a sample: who asked for the library's work. */
  const oursAbove = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const { functionName, url } = byId.get(at)!.callFrame;
      if (/\/apps\/server\/(src|dist)\//.test(url))
        return `${functionName || '(anonymous)'}  ${moduleOf(url)}`;
    }
    return '(no frame of ours)';
  };
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  const byCaller = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    total += us;
    if (functionName === '(idle)') {
      idle += us;
      continue;
    }
    const module = moduleOf(url);
    add(byModule, module, us);
    add(byFunction, `${functionName || '(anonymous)'}  ${module}:${lineNumber + 1}`, us);
    add(byCaller, oursAbove(id), us);
  }
  const busy = total - idle;
  const ms = (us: number) => (us / 1000).toFixed(0).padStart(8);
  const pct = (us: number) => `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
  console.log(`\n${file}: ${ms(total)} ms sampled, ${ms(busy)} ms busy`);
  console.log('\nby module (self time)');
  for (const [name, us] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${ms(us)} ms ${pct(us)}  ${name}`);
  console.log('\nby the nearest function of ours above (self time below it)');
  for (const [name, us] of [...byCaller].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${ms(us)} ms ${pct(us)}  ${name}`);
  console.log('\nby function (self time)');
  for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${ms(us)} ms ${pct(us)}  ${name}`);
}
