/**
 * Connections a job runner holds: one for LISTEN, and one per job slot to take and finish jobs (the
 * tasks themselves use the app's pool). Its own module so the primary process can size the
 * embedded PostgreSQL without loading the runner (as db/pool-size.ts does for the app's pool).
 */
export const jobRunnerConnections = (concurrency: number) => concurrency + 1;
