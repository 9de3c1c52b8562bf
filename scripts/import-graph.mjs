#!/usr/bin/env node
/**
 * Draws the server's import graph and reports what the floor plan (docs/architecture.md) forbids:
 * import cycles between files, feature folders importing each other, and how the folders stack.
 * Test files and test fixtures are left out: they may import anything they test.
 *
 *   node scripts/import-graph.mjs            # summary
 *   node scripts/import-graph.mjs --verbose  # every cross-feature import and cycle, file by file
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../apps/server/src');
const verbose = process.argv.includes('--verbose');
const isTestFile = (file) => /\.(test|fixture)\.ts$/.test(file) || file.split(path.sep).includes('test');

function listSources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return listSources(full);
    return name.endsWith('.ts') && !isTestFile(path.relative(root, full)) ? [full] : [];
  });
}

/** A file's unit: `features/<f>` for a feature, else its top-level folder, else the file itself. */
function unitOf(file) {
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] === 'features') return `features/${parts[1]}`;
  return parts.length > 1 ? parts[0] : parts[0].replace(/\.ts$/, '');
}

const importPattern = /^\s*(?:import|export)\s(?:type\s)?[^'"]*?from\s+['"](\.[^'"]+)['"]/gm;
const files = listSources(root);
const known = new Set(files);
/** file → files it imports (relative imports of non-test sources only). */
const graph = new Map(
  files.map((file) => {
    const source = readFileSync(file, 'utf8');
    const targets = [...source.matchAll(importPattern)]
      .map((match) => path.resolve(path.dirname(file), match[1]))
      .filter((target) => known.has(target));
    return [file, [...new Set(targets)]];
  }),
);

/** Tarjan's strongly connected components: every component of more than one node is a cycle. */
function components(nodes, edgesOf) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const found = [];
  const visit = (node) => {
    const entry = { index, low: index, onStack: true };
    index += 1;
    state.set(node, entry);
    stack.push(node);
    for (const next of edgesOf(node)) {
      const seen = state.get(next);
      if (!seen) {
        visit(next);
        entry.low = Math.min(entry.low, state.get(next).low);
      } else if (seen.onStack) entry.low = Math.min(entry.low, seen.index);
    }
    if (entry.low === entry.index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      found.push(component);
    }
  };
  for (const node of nodes) if (!state.has(node)) visit(node);
  return found;
}

const rel = (file) => path.relative(root, file);
const fileCycles = components(files, (file) => graph.get(file)).filter((c) => c.length > 1);

const units = [...new Set(files.map(unitOf))].sort();
const unitEdges = new Map(units.map((unit) => [unit, new Set()]));
let crossUnitArrows = 0;
const crossFeature = [];
for (const [file, targets] of graph) {
  for (const target of targets) {
    const from = unitOf(file);
    const to = unitOf(target);
    if (from === to) continue;
    crossUnitArrows += 1;
    unitEdges.get(from).add(to);
    if (from.startsWith('features/') && to.startsWith('features/')) crossFeature.push([file, target]);
  }
}
const unitCycles = components(units, (unit) => unitEdges.get(unit)).filter((c) => c.length > 1);

// Levels: a unit sits one above the highest unit it imports; units in a cycle share a level.
const componentOf = new Map();
for (const component of components(units, (unit) => unitEdges.get(unit))) {
  for (const unit of component) componentOf.set(unit, component);
}
const levelMemo = new Map();
function levelOf(unit) {
  const component = componentOf.get(unit);
  if (levelMemo.has(component)) return levelMemo.get(component);
  levelMemo.set(component, 0);
  let level = 0;
  for (const member of component) {
    for (const next of unitEdges.get(member)) {
      if (componentOf.get(next) !== component) level = Math.max(level, levelOf(next) + 1);
    }
  }
  levelMemo.set(component, level);
  return level;
}
const levels = Math.max(...units.map(levelOf)) + 1;

const pairs = new Set(crossFeature.map(([from, to]) => `${unitOf(from)} → ${unitOf(to)}`));
console.log(`${files.length} source files in ${units.length} units on ${levels} levels`);
console.log(`${crossUnitArrows} imports between units`);
console.log(`${fileCycles.length} import cycles between files${fileCycles.length ? ':' : ''}`);
for (const cycle of fileCycles) console.log(`  ${cycle.map(rel).join(' ↔ ')}`);
console.log(`${unitCycles.length} cycles between units${unitCycles.length ? ':' : ''}`);
for (const cycle of unitCycles) console.log(`  ${cycle.join(' ↔ ')}`);
console.log(`${crossFeature.length} feature → feature imports (${pairs.size} pairs)`);
if (verbose) {
  for (const [from, to] of crossFeature) console.log(`  ${rel(from)} → ${rel(to)}`);
  console.log('levels:');
  for (const unit of [...units].sort((a, b) => levelOf(b) - levelOf(a) || a.localeCompare(b))) {
    console.log(`  ${levelOf(unit)}  ${unit} → ${[...unitEdges.get(unit)].sort().join(', ')}`);
  }
}
