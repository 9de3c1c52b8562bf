/** A failed job's line, on the jobs panel and the federation page's failed deliveries. */
import { plural, t } from '@lingui/core/macro';
import { formatDateTime } from '@/lib/format.ts';

export function triesLine(job: { attempts: number; maxAttempts: number; givenUp: boolean; runAt: string }) {
  const when = formatDateTime(job.runAt);
  const { attempts, maxAttempts } = job;
  return job.givenUp
    ? plural(attempts, { one: `Gave up after # try · ${when}`, other: `Gave up after # tries · ${when}` })
    : t`Try ${attempts} of ${maxAttempts} failed · next try ${when}`;
}
