/**
 * The modules the first screens need beside the entry (main.tsx and what it imports): /login signed
 * out is in the app chunk (start.tsx imports the sign-in screen), / signed in adds the signed-in
 * frame and the home route. The build puts exactly their messages in the first part of each
 * catalog (vite-split-catalogs.ts); bench/measure/client-js.ts weighs the same modules against
 * DESIGN.md §6's initial-JS budget.
 */
export const firstScreens: Record<string, string[]> = {
  '/login (signed out)': ['src/app/start.tsx', 'src/features/auth/login-screen.tsx'],
  '/ (signed in, home feed)': ['src/app/start.tsx', 'src/app/signed-in-shell.tsx', 'src/app/home-route.tsx'],
};

/** Every module above, once: paths from apps/web. */
export const firstScreenModules = [...new Set(Object.values(firstScreens).flat())];
