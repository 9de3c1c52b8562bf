/**
 * A reason the server cannot start that the operator can fix (port taken, DATA_DIR not writable,
 * disk full, a second server on one DATA_DIR…). main.ts prints its message as one line and exits 1.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
