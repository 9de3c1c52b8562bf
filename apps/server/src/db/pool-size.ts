/**
 * Connections in each worker's pool; the embedded server's max_connections is sized from it. Its
 * own module so the primary process can size PostgreSQL without loading the database client.
 */
export const poolSize = 10;
