/** The largest inbox body read, apart from door.ts so that the HTTP glue reads it without loading Fedify. */
export const inboxMaxBytes = 1024 * 1024;
