/** Loaded on the first Sign in: the shared schema (and zod with it) in a chunk of its own, off /login's first paint. */
export { SignInInput } from '@glimpse/shared';
