/**
 * The modules the first screens need beside the entry (main.tsx and what it imports): /login signed
 * out is in the app chunk (start.tsx imports the sign-in screen), / signed in adds the signed-in
 * frame and the home route. The build puts exactly their messages in the first part of each
 * catalog (vite-split-catalogs.ts); bench/measure/client-js.ts weighs the same modules against
 * DESIGN.md §6's initial-JS budget.
 */
const signedInFrame = ['src/app/start.tsx', 'src/app/signed-in-shell.tsx'];

/**
 * What a signed-in page's first render loads beside the entry: the home feed, and any other
 * signed-in screen (whose own chunk is not named here). The build lists their files in
 * `.vite/page-hints.json` (vite-page-hints.ts), which the server turns into preload links in the
 * page it sends a signed-in visitor (docs/performance.md).
 */
export const signedInPages = {
  home: [...signedInFrame, 'src/app/home-route.tsx'],
  other: signedInFrame,
} as const satisfies Record<string, string[]>;

export const firstScreens: Record<string, readonly string[]> = {
  '/login (signed out)': ['src/app/start.tsx', 'src/features/auth/login-screen.tsx'],
  '/ (signed in, home feed)': signedInPages.home,
};

/** Every module above, once: paths from apps/web. */
export const firstScreenModules = [...new Set(Object.values(firstScreens).flat())];
