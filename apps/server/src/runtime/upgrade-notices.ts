/**
 * What an upgrade leaves for the operator to decide, said at start by the child that last touched
 * the database (migrate-child.ts, and upgrade-child.ts after copying a PGlite directory): lines on stdout, which
 * the primary logs, those starting `warn: ` at warn (primary.ts `runChild`).
 */

import { unconfirmedAccountsNotice } from '../composers/account/unconfirmed-accounts.ts';
import type { Db } from '../db/client.ts';
import { parseEnv } from '../env.ts';

export async function writeUpgradeNotices(db: Db): Promise<void> {
  const notice = await unconfirmedAccountsNotice(db, parseEnv().SMTP_URL ? 'smtp' : 'file mailbox');
  if (notice) process.stdout.write(`${notice.level === 'warn' ? 'warn: ' : ''}${notice.message}\n`);
}
