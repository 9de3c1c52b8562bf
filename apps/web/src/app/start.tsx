import type { LanguageCode } from '@glimpse/shared';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { activateLanguage, type Catalog, loadRestOfCatalog, useLanguage } from '@/lib/i18n.ts';
import { meQueryOptions } from '@/lib/session.ts';
import { afterStart } from '@/lib/use-after-start.ts';
import { Providers, queryClient } from './providers.tsx';
import { createRouter } from './router.tsx';
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

/** Renders the app in `language`, whose catalog main.tsx fetched beside this module. */
export function start(language: LanguageCode, catalog: Catalog) {
  activateLanguage(language, catalog);
  // index.html preloads /api/me on every page; a page whose screen does not ask for the session
  // (the email-change undo link) would leave the preload unused, which Chromium warns about.
  void queryClient.prefetchQuery(meQueryOptions);
  const router = createRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <LanguageRoot>
          <RouterProvider router={router} />
        </LanguageRoot>
      </Providers>
    </StrictMode>,
  );
  registerServiceWorker();
  // The messages of the other screens, ready before the member goes to one (which waits for them).
  afterStart(() => void loadRestOfCatalog().catch(() => undefined));
}
