/**
 * Lingui (docs/i18n.md): one catalog per language in packages/shared/locales/<locale>/messages.po,
 * shared by the web app and, later, the server. `npm run i18n:extract` collects the English texts
 * from the code: the web app's macros (`Trans`, `t`, `msg`, `plural`) and the shared messages
 * marked with an i18n comment (packages/shared/src/messages.ts).
 */
import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

const config: LinguiConfig = {
  sourceLocale: 'en',
  locales: ['en', 'es', 'de', 'fr', 'ar'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/packages/shared/locales/{locale}/messages',
      include: ['<rootDir>/apps/web/src', '<rootDir>/packages/shared/src'],
      exclude: ['**/*.test.ts', '**/node_modules/**'],
    },
  ],
  // Origins stay out of the files: a moved line would otherwise change every catalog.
  format: formatter({ origins: false, lineNumbers: false }),
  orderBy: 'messageId',
};

export default config;
