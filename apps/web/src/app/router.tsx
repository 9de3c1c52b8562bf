/**
 * The browser router over the route tree of routes.tsx. Made once the language is active
 * (main.tsx): creating it starts loading the first screen's lazy modules, and some of them read
 * texts when they load (the shared zod schemas' messages).
 */
import { createBrowserRouter } from 'react-router';
import { routes } from './routes.tsx';

export const createRouter = () => createBrowserRouter(routes);
