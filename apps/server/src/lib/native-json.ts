/**
 * Fedify loads jsonld's ESM build, which carries core-js. On a runtime older than its newest
 * proposals (Node 20), core-js puts its own JavaScript in place of two builtins the server calls all
 * the time: JSON.stringify (where the runtime has no `JSON.rawJSON`; it calls a function for every
 * key and value, ten times slower: a 100 kB page of statuses 0.8 → 8 ms) and Array.prototype.push
 * (~6× slower). Nothing here uses what they add, so once Fedify has loaded (the import below), the
 * runtime's own are put back, taken from a new context: the ones this context had are gone by
 * then, and a native function of another context works on this one's values (JSON.stringify at the
 * same speed; push at half core-js's cost). Their errors are that context's (`instanceof TypeError`
 * is false for a BigInt refused); nothing here checks that. A builtin has no `prototype` property;
 * core-js's functions do. Node 22 and later keep theirs.
 */
import '@fedify/fedify';
import vm from 'node:vm';

const replacedByCoreJs = (builtin: object) => Object.hasOwn(builtin, 'prototype');
const fresh = <T>(path: string) => vm.runInNewContext(path) as T;

if (replacedByCoreJs(JSON.stringify)) JSON.stringify = fresh<typeof JSON.stringify>('JSON.stringify');
if (replacedByCoreJs(Array.prototype.push)) {
  Object.defineProperty(Array.prototype, 'push', {
    value: fresh<typeof Array.prototype.push>('Array.prototype.push'),
    writable: true,
    configurable: true,
    enumerable: false,
  });
}

/** The JSON.stringify in use once this module has loaded. */
export const jsonStringify = JSON.stringify;
