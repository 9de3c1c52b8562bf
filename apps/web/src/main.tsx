/**
 * The entry: picks the language and asks for its catalog and for the app's code at the same time,
 * so the catalog costs no extra round trip before the first screen (docs/performance.md).
 */
import { initialLanguage, loadCatalog } from './lib/i18n.ts';

const language = initialLanguage();
const [{ start }, catalog] = await Promise.all([import('./app/start.tsx'), loadCatalog(language)]);
start(language, catalog);
