/**
 * One route list: the router mounts exactly the patterns of packages/shared/src/routes.ts, which
 * the server answers with the SPA (`spaRoutePatterns`), and the screens outside RequireAuth are
 * exactly `publicPaths`. A screen added to one list and not the others fails here.
 */
import { publicPaths, spaRoutePatterns } from '@glimpse/shared';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from './require-auth.tsx';
import { routes } from './routes.tsx';

/** Every path in the tree (the catch-all aside), with whether RequireAuth guards it. */
function mounted(tree: RouteObject[], guarded = false): { path: string; guarded: boolean }[] {
  return tree.flatMap((route) => {
    const inside = guarded || (route.element as { type?: unknown } | undefined)?.type === RequireAuth;
    const own = route.path && route.path !== '*' ? [{ path: route.path, guarded: inside }] : [];
    return [...own, ...mounted(route.children ?? [], inside)];
  });
}

describe('route list', () => {
  const all = mounted(routes);

  it('mounts every SPA pattern the server answers, once, and no other', () => {
    const paths = all.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...spaRoutePatterns].sort());
  });

  it('leaves exactly the public paths outside RequireAuth', () => {
    const open = all.filter((route) => !route.guarded).map((route) => route.path);
    expect([...open].sort()).toEqual([...publicPaths].sort());
  });
});
