/**
 * Import of a large Instagram archive (DESIGN.md §6: "import of a 1 GB archive: peak
 * memory ≤ the start budget + 100 MB"). Seeds a small data set into a fresh DATA_DIR (for the
 * viewer's account and profile), writes an archive of `--photos` one-photo posts (JPEGs of noise,
 * the worst case for the encoders; `--distinct` different ones, cycled), starts the server as
 * `npm start` runs it, uploads the archive as the viewer (`POST /api/import`), polls
 * `GET /api/import` as the page does, and samples RSS and PSS of every process of the server
 * every 250 ms from the upload until `--after` seconds past the end (the AVIF encodes the import
 * queued run then). Prints each process's start and peak, writes bench/results/import-<time>.json.
 *
 *   npm run build && npx tsx bench/import.ts --photos 200                       # ~400 MB
 *   npx tsx bench/import.ts --photos 85 --width 4032 --height 3024 --quality 95  # ~1 GB
 *   npx tsx bench/import.ts --photos 20 --env MALLOC_ARENA_MAX=8                # a server setting
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { signIn } from './lib/http.ts';
import { repoRoot } from './lib/paths.ts';
import { descendants } from './lib/process-tree.ts';
import { seedDataSet } from './lib/seed.ts';
import { startServer } from './lib/server.ts';

const { values: args } = parseArgs({
  options: {
    photos: { type: 'string', default: '200' },
    width: { type: 'string', default: '2400' },
    height: { type: 'string', default: '1800' },
    quality: { type: 'string', default: '90' },
    distinct: { type: 'string', default: '8' },
    port: { type: 'string', default: '3246' },
    after: { type: 'string', default: '30' },
    env: { type: 'string', multiple: true, default: [] },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(`npx tsx bench/import.ts [--photos 200] [--width 2400 --height 1800 --quality 90]
  [--distinct 8] [--port 3246] [--after 30] [--env KEY=VALUE ...] [--keep]`);
  process.exit(0);
}
const photoCount = Number(args.photos);
const [width, height, quality] = [Number(args.width), Number(args.height), Number(args.quality)];
const viewerEmail = 'viewer@bench.glimpse.test';
const benchPassword = 'glimpse-bench-password';

const dataDir = await mkdtemp(path.join(tmpdir(), 'glimpse-import-bench-'));
const archiveFile = path.join(dataDir, 'archive.zip');

/** A zip of stored (not deflated: JPEG does not shrink) entries, written as APPNOTE.TXT says. */
async function writeArchive(): Promise<number> {
  const photos = await Promise.all(
    Array.from({ length: Number(args.distinct) }, () =>
      sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
        .jpeg({ quality })
        .toBuffer(),
    ),
  );
  const month = (i: number) => new Date((1_500_000_000 + i * 86_400) * 1000).toISOString().slice(0, 7);
  const uri = (i: number) => `media/posts/${month(i).replace('-', '')}/17${String(i).padStart(8, '0')}.jpg`;
  const listed = Array.from({ length: photoCount }, (_, i) => ({
    media: [{ uri: uri(i), creation_timestamp: 1_500_000_000 + i * 86_400, title: `Day ${i} #bench` }],
  })).reverse();
  const entries = [
    { name: 'your_instagram_activity/media/posts_1.json', data: Buffer.from(JSON.stringify(listed)) },
    ...Array.from({ length: photoCount }, (_, i) => ({ name: uri(i), data: photos[i % photos.length]! })),
  ];
  const out = createWriteStream(archiveFile);
  const centrals: Buffer[] = [];
  let offset = 0;
  const write = (chunk: Buffer) =>
    out.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', resolve));
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    await write(Buffer.concat([local, nameBytes]));
    await write(data);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  await write(directory);
  out.end(end);
  await finished(out);
  return (await stat(archiveFile)).size;
}

interface Sample {
  pid: number;
  role: string;
  rssMb: number;
  pssMb: number;
}

const kb = (text: string, field: string) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);

/** What each process is: the server's own role variable, else its command (PostgreSQL's say so). */
async function sample(rootPid: number): Promise<Sample[]> {
  const samples = await Promise.all(
    (await descendants(rootPid)).map(async (pid): Promise<Sample | null> => {
      try {
        const [status, rollup, environ, cmdline] = await Promise.all([
          readFile(`/proc/${pid}/status`, 'utf8'),
          readFile(`/proc/${pid}/smaps_rollup`, 'utf8'),
          readFile(`/proc/${pid}/environ`, 'utf8'),
          readFile(`/proc/${pid}/cmdline`, 'utf8'),
        ]);
        const role = /(?:^|\0)GLIMPSE_PROCESS_ROLE=([^\0]*)/.exec(environ)?.[1];
        const command = cmdline.split('\0')[0]!;
        return {
          pid,
          role: role ? `worker (${role})` : pid === rootPid ? 'primary' : path.basename(command),
          rssMb: kb(status, 'VmRSS') / 1024,
          pssMb: kb(rollup, 'Pss') / 1024,
        };
      } catch {
        return null;
      }
    }),
  );
  return samples.filter((s): s is Sample => s !== null);
}

const round = (n: number) => Math.round(n);

console.log(`seeding a small data set into ${dataDir} …`);
seedDataSet(['--scale', '0.05', '--data-dir', dataDir], ['ignore', 'ignore', 'inherit']);
console.log(`writing the archive (${photoCount} photos of ${width}×${height}) …`);
const archiveBytes = await writeArchive();
console.log(`archive: ${(archiveBytes / 1024 / 1024).toFixed(1)} MB`);

const extraEnv = Object.fromEntries(
  args.env.map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]),
);
const origin = `http://127.0.0.1:${args.port}`;
const server = await startServer(
  {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    PORT: args.port,
    PUBLIC_URL: origin,
    FEDERATION: 'off',
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
    ...extraEnv,
  },
  path.join(dataDir, 'server.log'),
);
try {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const atStart = await sample(server.pid);
  const peaks = new Map<number, Sample>(atStart.map((s) => [s.pid, { ...s }]));
  let peakTotal = { rssMb: 0, pssMb: 0 };
  // Every sample's sum, and the workers' own PSS: when the peak came (the import, or an encode after).
  const timeline: { atS: number; pssMb: number; workersPssMb: number[] }[] = [];
  const take = async () => {
    const now = await sample(server.pid);
    for (const s of now) {
      const seen = peaks.get(s.pid);
      peaks.set(s.pid, {
        ...s,
        rssMb: Math.max(s.rssMb, seen?.rssMb ?? 0),
        pssMb: Math.max(s.pssMb, seen?.pssMb ?? 0),
      });
    }
    const total = {
      rssMb: now.reduce((sum, s) => sum + s.rssMb, 0),
      pssMb: now.reduce((sum, s) => sum + s.pssMb, 0),
    };
    if (total.pssMb > peakTotal.pssMb) peakTotal = total;
    timeline.push({
      atS: round((performance.now() - benchStarted) / 100) / 10,
      pssMb: round(total.pssMb),
      workersPssMb: now.filter((s) => s.role.startsWith('worker')).map((s) => round(s.pssMb)),
    });
  };
  const benchStarted = performance.now();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await take();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();

  const visitor = await signIn(server.url, origin, viewerEmail, benchPassword);
  const started = performance.now();
  const response = await fetch(`${server.url}/api/import`, {
    method: 'POST',
    headers: {
      origin,
      cookie: visitor.cookie,
      'content-type': 'application/zip',
      'content-length': String(archiveBytes),
    },
    body: Readable.toWeb(createReadStream(archiveFile)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  if (response.status !== 202)
    throw new Error(`POST /api/import: ${response.status} ${await response.text()}`);
  const uploadMs = performance.now() - started;
  let result: { status: string; imported: number; processed: number; total: number; skipped: unknown };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const polled = (await (
      await fetch(`${server.url}/api/import`, { headers: { origin, cookie: visitor.cookie } })
    ).json()) as { import: typeof result };
    result = polled.import;
    if (result.status !== 'running') break;
  }
  const importMs = performance.now() - started - uploadMs;
  // What the import alone reached; the AVIF encodes it queued run after it.
  const peakTotalDuringImport = { ...peakTotal };
  const peaksDuringImport = new Map([...peaks].map(([pid, s]) => [pid, { ...s }]));
  await new Promise((resolve) => setTimeout(resolve, Number(args.after) * 1000));
  sampling = false;
  await sampler;

  const startTotal = {
    rssMb: atStart.reduce((sum, s) => sum + s.rssMb, 0),
    pssMb: atStart.reduce((sum, s) => sum + s.pssMb, 0),
  };
  const rows = [...peaks.values()].map((peak) => {
    const first = atStart.find((s) => s.pid === peak.pid);
    const duringImport = peaksDuringImport.get(peak.pid);
    return {
      role: peak.role,
      pid: peak.pid,
      startRssMb: first?.rssMb,
      importPeakRssMb: duringImport?.rssMb ?? 0,
      peakRssMb: peak.rssMb,
      peakPssMb: peak.pssMb,
    };
  });
  console.log(
    `\n${photoCount} photos, ${(archiveBytes / 1024 / 1024).toFixed(1)} MB: ${result.status}, imported ${result.imported}/${result.total}; upload ${(uploadMs / 1000).toFixed(1)} s, import ${(importMs / 1000).toFixed(1)} s (${(importMs / photoCount / 1000).toFixed(2)} s a photo)`,
  );
  console.log('process                start RSS  import peak RSS  peak RSS  peak PSS (MB)');
  for (const row of rows.filter(
    (r) => r.peakRssMb > 30 || r.role.startsWith('worker') || r.role === 'primary',
  ))
    console.log(
      `${row.role.padEnd(22)} ${String(row.startRssMb === undefined ? '-' : round(row.startRssMb)).padStart(9)} ${String(round(row.importPeakRssMb)).padStart(16)} ${String(round(row.peakRssMb)).padStart(9)} ${String(round(row.peakPssMb)).padStart(9)}`,
    );
  console.log(
    `whole server: PSS ${round(startTotal.pssMb)} at start → ${round(peakTotalDuringImport.pssMb)} MB at most during the import, ${round(peakTotal.pssMb)} MB at most overall (RSS summed ${round(startTotal.rssMb)} → ${round(peakTotal.rssMb)})`,
  );
  await mkdir(path.join(repoRoot, 'bench/results'), { recursive: true });
  const out = path.join(
    repoRoot,
    `bench/results/import-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  await writeFile(
    out,
    JSON.stringify(
      {
        photos: photoCount,
        width,
        height,
        archiveBytes,
        env: extraEnv,
        result,
        uploadMs,
        importMs,
        startTotal,
        peakTotalDuringImport,
        peakTotal,
        processes: rows,
        importEndedAtS: (started - benchStarted + uploadMs + importMs) / 1000,
        timeline,
      },
      null,
      2,
    ),
  );
  console.log(`written ${path.relative(repoRoot, out)}`);
} finally {
  await server.stop();
  if (!args.keep) await rm(dataDir, { recursive: true, force: true, maxRetries: 10 });
  else console.log(`kept ${dataDir}`);
}
