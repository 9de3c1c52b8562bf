/**
 * /admin/federation (admins): block a domain (everything from it, or only its media), the blocked
 * domains with Unblock, the servers known here with their counts, and deliveries that keep failing.
 */
import { DomainBlockInput, limits, messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Globe, X } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Button } from '@/components/button.tsx';
import { TextField } from '@/components/field.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Row, RowList } from '@/components/row-list.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { useToast } from '@/components/toast.tsx';
import { actionableMessage } from '@/lib/api-client.ts';
import { useForm } from '@/lib/use-form.ts';
import { useBlockDomain, useFederationAdmin, useUnblockDomain } from './api/federation.ts';
import { triesLine } from './job-tries.ts';
import styles from './people-list.module.css';

/** "social.example.org:8443" with line-break chances after its dots and colon, never inside a name. */
function BreakableDomain({ domain }: { domain: string }) {
  const parts = domain.split(/(?<=[.:])/);
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}

export function FederationScreen() {
  const overview = useFederationAdmin();
  const block = useBlockDomain();
  const unblock = useUnblockDomain();
  const toast = useToast();
  const [mediaOnly, setMediaOnly] = useState(false);
  const form = useForm({
    initial: { domain: '' },
    schema: DomainBlockInput,
    input: (values) => ({ ...values, mediaOnly }),
    onSubmit: async (input) => {
      await block.mutateAsync(input);
      toast.success(messages.federation.domainBlocked);
      form.reset();
      setMediaOnly(false);
    },
  });
  const failure = form.failure ? actionableMessage(form.failure, messages.federation.blockFailed) : undefined;

  return (
    <Page title={t`Federation`} width="narrow">
      <form className={styles.form} onSubmit={form.submit} noValidate>
        <TextField
          label={t`Domain`}
          maxLength={limits.domainMax}
          placeholder="example.org"
          autoComplete="off"
          {...form.field('domain')}
          error={form.errors.domain ?? failure}
        />
        <Button type="submit" busy={form.busy} busyLabel={messages.common.submitting}>
          <Trans>Block domain</Trans>
        </Button>
      </form>
      <label className={styles.check}>
        <input type="checkbox" checked={mediaOnly} onChange={(e) => setMediaOnly(e.target.checked)} />
        <span>
          <Trans>
            Media only (its accounts still follow, like and comment; no pictures are fetched from it)
          </Trans>
        </span>
      </label>

      {overview.isPending ? (
        <Skeleton height={120} />
      ) : overview.isError ? (
        <p role="alert" className={styles.intro}>
          {messages.federation.loadFailed}
        </p>
      ) : (
        <>
          <h2 className={styles.heading}>
            <Trans>Blocked domains</Trans>
          </h2>
          {overview.data.blockedDomains.length === 0 ? (
            <EmptyState icon={<Globe />} title={t`No blocked domains.`} />
          ) : (
            <RowList label={t`Blocked domains`}>
              {overview.data.blockedDomains.map((item) => (
                <Row key={item.domain}>
                  <span className={styles.word}>
                    {item.domain}
                    {item.mediaOnly ? <span className={styles.note}> · {t`media only`}</span> : null}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    icon={<X aria-hidden="true" size={16} />}
                    aria-label={t`Unblock ${item.domain}`}
                    onClick={() =>
                      unblock.mutate(item.domain, {
                        onSuccess: () => toast.success(messages.federation.domainUnblocked),
                        onError: () => toast.error(messages.federation.unblockFailed),
                      })
                    }
                  >
                    <Trans>Unblock</Trans>
                  </Button>
                </Row>
              ))}
            </RowList>
          )}

          <h2 className={styles.heading}>
            <Trans>Known servers</Trans>
          </h2>
          {overview.data.servers.length === 0 ? (
            <EmptyState icon={<Globe />} title={t`No other servers known yet.`} />
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t`Server`}</th>
                    <th scope="col">{t`Accounts`}</th>
                    <th scope="col">{t`Posts`}</th>
                    <th scope="col">{t`Following members`}</th>
                    <th scope="col">{t`Followed by members`}</th>
                  </tr>
                </thead>
                <tbody>
                  {overview.data.servers.map((server) => (
                    <tr key={server.domain}>
                      <th scope="row">
                        <BreakableDomain domain={server.domain} />
                      </th>
                      <td>{server.accounts}</td>
                      <td>{server.posts}</td>
                      <td>{server.followers}</td>
                      <td>{server.following}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}

          <h2 className={styles.heading}>
            <Trans>Failed deliveries</Trans>
          </h2>
          {overview.data.failedDeliveries.length === 0 ? (
            <p className={styles.intro}>
              <Trans>No failed deliveries.</Trans>
            </p>
          ) : (
            <RowList label={t`Failed deliveries`}>
              {overview.data.failedDeliveries.map((job) => (
                <Row key={job.id} stacked>
                  <span className={styles.word}>{job.host}</span>
                  <span className={styles.note}>{job.lastError}</span>
                  <span className={styles.note}>{triesLine(job)}</span>
                </Row>
              ))}
            </RowList>
          )}
        </>
      )}
    </Page>
  );
}
