import type { LanguageCode } from '@glimpse/shared';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { type ReactNode, StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, renderMatches, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/skeleton.tsx';
import { activateLanguage, type Catalog, useLanguage } from '@/lib/i18n.ts';
import { meQueryOptions } from '@/lib/session.ts';
import { Providers, queryClient } from './providers.tsx';
import { preloadRoutes, routeMatches } from './routes.tsx';
import { registerServiceWorker } from './service-worker.ts';
import '@/styles/global.css';

/**
 * A language switch renders everything anew under the new language (lib/i18n.ts): texts read the
 * active language when they render, and the query cache above keeps every answer, so nothing is
 * fetched again.
 */
function LanguageRoot({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return (
    <I18nProvider i18n={i18n} key={language}>
      {children}
    </I18nProvider>
  );
}

/**
 * The route tree (routes.tsx) under a plain `BrowserRouter`: the app uses no data-router feature
 * (loaders, actions, fetchers), and leaving `createBrowserRouter` out takes ~17 kB gzipped off the
 * first screen (docs/performance.md). Each location's screens start loading together, before the
 * frames that hold them render; its matches are computed once per path (`routeMatches`).
 */
function AppRoutes() {
  const { pathname } = useLocation();
  preloadRoutes(pathname);
  return renderMatches(routeMatches(pathname));
}

/** Renders the app in `language`, whose catalog main.tsx fetched beside this module. */
export function start(language: LanguageCode, catalog: Catalog) {
  activateLanguage(language, catalog);
  // index.html preloads /api/me on every page; a page whose screen does not ask for the session
  // (the email-change undo link) would leave the preload unused, which Chromium warns about.
  void queryClient.prefetchQuery(meQueryOptions);
  const root = createRoot(document.getElementById('root')!);
  // What a fresh visit shows while the first screen's code loads. The app renders once that code
  // is in, so nothing suspends on the way to the first screen: React reveals content that did no
  // sooner than 300 ms after its fallback showed, once per nested lazy frame.
  root.render(<FullPageLoader />);
  // In a transition, as the data router rendered: React renders the first screen in slices of a few
  // milliseconds, yielding between them, instead of one long task that blocks input (TBT).
  void preloadRoutes(window.location.pathname).then(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <Providers>
            <LanguageRoot>
              {/* A navigation applies at once, without a transition: see PendingOutlet. */}
              <BrowserRouter useTransitions={false}>
                <Suspense fallback={<FullPageLoader />}>
                  <AppRoutes />
                </Suspense>
              </BrowserRouter>
            </LanguageRoot>
          </Providers>
        </StrictMode>,
      ),
    ),
  );
  registerServiceWorker();
}
