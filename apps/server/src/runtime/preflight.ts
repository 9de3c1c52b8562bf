/**
 * Checks the primary runs before it touches anything, each failing with one line that says what
 * to do: DATA_DIR writable, the HTTP port free, and no other Glimpse on the same DATA_DIR.
 */
import { createHash } from 'node:crypto';
import { mkdir, realpath, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { StartupError } from '../lib/startup-error.ts';

export async function checkDataDirWritable(dataDir: string): Promise<void> {
  const probe = path.join(dataDir, `.write-test-${process.pid}`);
  try {
    await mkdir(dataDir, { recursive: true });
    await writeFile(probe, 'glimpse');
    await rm(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await rm(probe, { force: true }).catch(() => {});
    if (code === 'ENOSPC' || code === 'EDQUOT') {
      throw new StartupError(
        `The disk holding DATA_DIR ${dataDir} is full: free some space (or set DATA_DIR elsewhere) and start again.`,
      );
    }
    throw new StartupError(
      `DATA_DIR ${dataDir} is not writable (${code ?? String(error)}): fix its permissions or set DATA_DIR to a folder this user can write.`,
    );
  }
}

/** Binds and releases the port, so a taken port fails before the database starts. */
export async function checkPortFree(port: number, host: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new StartupError(
              `Port ${port} on ${host} is already in use: stop the program using it, or set PORT to another port.`,
            )
          : new StartupError(
              `Cannot listen on ${host}:${port} (${error.code}): set PORT or HOST to one this user may use.`,
            ),
      );
    });
    server.listen(port, host, () => server.close(() => resolve()));
  });
}

export interface InstanceLock {
  release(): Promise<void>;
}

/**
 * One Glimpse per DATA_DIR, held by a listening socket that the operating system closes when the
 * process dies, however it dies: on Linux an abstract socket (no file at all), elsewhere a socket
 * file in DATA_DIR that a later start may replace once nothing answers on it. Whoever connects is
 * told the holder's pid.
 */
export async function lockDataDir(dataDir: string): Promise<InstanceLock> {
  const real = await realpath(dataDir);
  const address =
    process.platform === 'linux'
      ? `\0glimpse-data-dir-${createHash('sha256').update(real).digest('hex').slice(0, 32)}`
      : path.join(real, '.glimpse.lock');
  const server = createServer((socket) => socket.end(String(process.pid)));
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(address, () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const holder = await holderPid(address);
    if (holder === null && process.platform !== 'linux') {
      await rm(address, { force: true });
      await listen();
    } else {
      throw new StartupError(
        `Another Glimpse server${holder ? ` (pid ${holder})` : ''} is already using DATA_DIR ${real}: stop it first, or give this one its own DATA_DIR.`,
      );
    }
  }
  server.unref();
  return { release: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The pid a live holder answers with, or null when nothing listens (a file left by a dead one). */
function holderPid(address: string): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect(address);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('end', () => resolve(answer.trim() || ''));
    socket.on('error', () => resolve(null));
  });
}
