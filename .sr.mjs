import { build } from 'esbuild';

const entry = process.argv[2];
const r = await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  write: false,
  metafile: true,
  packages: 'external',
  outdir: '/tmp/x',
  logLevel: 'silent',
});
const inputs = r.metafile.inputs;
const parent = new Map();
const seen = new Set([entry]);
const q = [entry];
while (q.length) {
  const f = q.shift();
  for (const i of inputs[f]?.imports ?? []) {
    if (i.kind !== 'import-statement') continue;
    if (i.path.includes('fedify') && !seen.has(i.path)) {
      const chain = [i.path, f];
      let p = f;
      while (parent.has(p)) {
        p = parent.get(p);
        chain.push(p);
      }
      console.log(chain.reverse().join('\n  -> '));
      console.log('---');
      seen.add(i.path);
      continue;
    }
    if (!seen.has(i.path)) {
      seen.add(i.path);
      parent.set(i.path, f);
      q.push(i.path);
    }
  }
}
