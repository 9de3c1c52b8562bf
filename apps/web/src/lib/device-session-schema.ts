/** Loaded on demand by auth-client.ts: the schemas (and zod with them) in a chunk of their own. */
export { AccountSessionList, DeviceSessionList } from '@glimpse/shared';
