/**
 * Starts Glimpse: the primary process (runtime/primary.ts) prepares the database once and forks one
 * HTTP worker per core (runtime/worker.ts). Ctrl-C stops the workers, then the embedded PostgreSQL.
 */
import cluster from 'node:cluster';

if (cluster.isPrimary) await import('./runtime/primary.ts');
else await import('./runtime/worker.ts');
