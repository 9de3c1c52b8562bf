#!/usr/bin/env node
/**
 * Draws the server's import graph and reports what the floor plan (docs/architecture.md,
 * scripts/floor-plan.mjs) forbids: import cycles between files, imports from a lower layer up to a
 * higher one, feature folders importing each other (only composers/ may), and how the folders
 * stack. Test files are left out: they may import anything they test. The server's floor-plan test
 * runs the same analysis (`analyseImports`) and fails on any of the three.
 *
 *   node scripts/import-graph.mjs            # summary
 *   node scripts/import-graph.mjs --verbose  # every cross-feature import and cycle, file by file
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { layerOf, serverComposers, serverLayers } from './floor-plan.mjs';

const root = path.resolve(import.meta.dirname, '../apps/server/src');
const isTestFile = (file) => /\.(test|fixture)\.ts$/.test(file);

function listSources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return listSources(full);
    return name.endsWith('.ts') && !isTestFile(path.relative(root, full)) ? [full] : [];
  });
}

/** A file's unit: `features/<f>` or `composers/<c>`, else its top-level folder, else the file itself. */
function unitOf(file) {
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] === 'features' || parts[0] === 'composers') return `${parts[0]}/${parts[1]}`;
  return parts.length > 1 ? parts[0] : parts[0].replace(/\.ts$/, '');
}

const rel = (file) => path.relative(root, file);

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

/** The server's import graph, and what the floor plan refuses in it (files as paths under src/). */
export function analyseImports() {
  /** `import … from './x'`, `export … from './x'`, `import './x'` and `import('./x')`. */
  const importPattern =
    /^\s*(?:import|export)\s(?:type\s)?[^'"]*?from\s+['"](\.[^'"]+)['"]|^\s*import\s+['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/gm;
  const files = listSources(root);
  const known = new Set(files);
  /** file → files it imports (relative imports of non-test sources only). */
  const graph = new Map(
    files.map((file) => {
      const source = readFileSync(file, 'utf8');
      const targets = [...source.matchAll(importPattern)]
        .map((match) => path.resolve(path.dirname(file), match[1] ?? match[2] ?? match[3]))
        .filter((target) => known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );

  const fileCycles = components(files, (file) => graph.get(file)).filter((c) => c.length > 1);

  const units = [...new Set(files.map(unitOf))].sort();
  const unitEdges = new Map(units.map((unit) => [unit, new Set()]));
  let crossUnitArrows = 0;
  const crossFeature = [];
  /** Imports from a unit to one on a higher floor (scripts/floor-plan.mjs). */
  const upward = [];
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const from = unitOf(file);
      const to = unitOf(target);
      if (from === to) continue;
      crossUnitArrows += 1;
      unitEdges.get(from).add(to);
      if (from.startsWith('features/') && to.startsWith('features/')) crossFeature.push([file, target]);
      if (layerOf(to) > layerOf(from)) upward.push([file, target]);
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
  const unknownUnits = units.filter((unit) => layerOf(unit) < 0);
  return {
    files,
    /** file → the files it imports, as paths under src/. */
    imports: new Map([...graph].map(([file, targets]) => [rel(file), targets.map(rel)])),
    units,
    levels,
    levelOf,
    unitEdges,
    crossUnitArrows,
    unknownUnits,
    fileCycles: fileCycles.map((cycle) => cycle.map(rel)),
    unitCycles,
    upward: upward.map(([from, to]) => [rel(from), rel(to)]),
    crossFeature: crossFeature.map(([from, to]) => [rel(from), rel(to)]),
    unitOf: (file) => unitOf(path.join(root, file)),
  };
}

function report(verbose) {
  const {
    files,
    units,
    levels,
    levelOf,
    unitEdges,
    crossUnitArrows,
    unknownUnits,
    fileCycles,
    unitCycles,
    upward,
    crossFeature,
    unitOf,
  } = analyseImports();
  const pairs = new Set(crossFeature.map(([from, to]) => `${unitOf(from)} → ${unitOf(to)}`));
  console.log(`${files.length} source files in ${units.length} units on ${levels} levels`);
  console.log(`${crossUnitArrows} imports between units`);
  console.log(`${fileCycles.length} import cycles between files${fileCycles.length ? ':' : ''}`);
  for (const cycle of fileCycles) console.log(`  ${cycle.join(' ↔ ')}`);
  console.log(`${unitCycles.length} cycles between units${unitCycles.length ? ':' : ''}`);
  for (const cycle of unitCycles) console.log(`  ${cycle.join(' ↔ ')}`);
  console.log(`${upward.length} imports from a lower floor up to a higher one${upward.length ? ':' : ''}`);
  for (const [from, to] of upward) console.log(`  ${from} → ${to}`);
  console.log(
    `${crossFeature.length} feature → feature imports (${pairs.size} pairs): features compose in composers/ (${serverComposers().join(', ')})`,
  );
  for (const [from, to] of crossFeature) console.log(`  ${from} → ${to}`);
  if (unknownUnits.length)
    console.log(`units on no floor of scripts/floor-plan.mjs: ${unknownUnits.join(', ')}`);
  if (verbose) {
    console.log(`floors: ${serverLayers.map((layer) => layer.name).join(' < ')}`);
    console.log('levels:');
    for (const unit of [...units].sort((a, b) => levelOf(b) - levelOf(a) || a.localeCompare(b))) {
      console.log(`  ${levelOf(unit)}  ${unit} → ${[...unitEdges.get(unit)].sort().join(', ')}`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) report(process.argv.includes('--verbose'));
