/** Loaded on demand by auth-client.ts: the schema (and zod with it) in a chunk of its own. */
export { DeviceSessionList } from '@glimpse/shared';
