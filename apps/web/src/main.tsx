/**
 * The entry: picks the language and asks for its catalog and for the app's code at the same time,
 * so the catalog costs no extra round trip before the first screen (docs/performance.md). On
 * /login, the sign-in screen's chunk too (app/routes.tsx loads it on demand, so / carries none of it).
 */
import { paths } from '@glimpse/shared';
import { initialLanguage, loadCatalog } from './lib/i18n.ts';
import './styles/first-paint.css';

const language = initialLanguage();
if (window.location.pathname === paths.login) void import('./features/auth/login-screen.tsx');
const [{ start }, catalog] = await Promise.all([import('./app/start.tsx'), loadCatalog(language)]);
start(language, catalog);
