/**
 * Fedify loads jsonld's ESM build, which carries core-js. On a runtime older than its newest
 * proposals (Node 20), core-js puts its own JavaScript in place of two builtins the server calls all
 * the time: JSON.stringify (where the runtime has no `JSON.rawJSON`; it calls a function for every
 * key and value, ten times slower: a 100 kB page of statuses 0.8 → 8 ms) and Array.prototype.push
 * (~6× slower). Nothing here uses what they add, so `putBackBuiltins` puts the runtime's own back,
 * taken from a new context: the ones this context had are gone by then, and a native function of
 * another context works on this one's values (JSON.stringify at the same speed; push at half
 * core-js's cost). Their errors are that context's (`instanceof TypeError` is false for a BigInt
 * refused); nothing here checks that. Node 22 and later keep theirs.
 *
 * Fedify loads late, on the first federation request or job (the start stays light), from many
 * places: so every request and every job ends with this check (app.ts, jobs/runner.ts), which costs
 * a property lookup once the builtins are back, and federation.ts makes it once it has loaded.
 */
import vm from 'node:vm';

/** A builtin has no `prototype` property; core-js's functions, plain JavaScript, do. */
const replacedByCoreJs = (fn: object) => Object.hasOwn(fn, 'prototype');

export function putBackBuiltins(): void {
  if (replacedByCoreJs(JSON.stringify)) {
    JSON.stringify = vm.runInNewContext('JSON.stringify') as typeof JSON.stringify;
  }
  if (replacedByCoreJs(Array.prototype.push)) {
    Object.defineProperty(Array.prototype, 'push', {
      value: vm.runInNewContext('Array.prototype.push') as typeof Array.prototype.push,
      writable: true,
      configurable: true,
      enumerable: false,
    });
  }
}
