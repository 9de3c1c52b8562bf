/**
 * /oauth/authorize: an app (Ivory, Tusky, Elk…) asks to use the member's account. The screen names
 * the app and what it asks in words, with Authorize and Deny; the server checked the request first
 * (an unknown app, a redirect it did not register, scopes beyond its own are refused in words).
 * Authorize sends the browser back to the app with the code; out of band, the code is shown to copy.
 * A signed-out visitor signs in first and comes back here (RequireAuth).
 */
import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Copy, KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { actionableMessage, isApiError } from '@/lib/api-client.ts';
import { useViewer } from '@/lib/session.ts';
import { authorizationRequestOf, useConsent, useDecide } from './api/consent.ts';
import styles from './apps.module.css';
import { ScopeList } from './scope-list.tsx';

function CodeToCopy({ code }: { code: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const fieldId = useId();
  return (
    <div className={styles.codeBox}>
      <p>
        <Trans>Copy this code and paste it into the app to finish signing in.</Trans>
      </p>
      <label htmlFor={fieldId} className={styles.codeLabel}>
        <Trans>Authorization code</Trans>
      </label>
      <div className={styles.codeRow}>
        <textarea
          id={fieldId}
          className={styles.codeField}
          readOnly
          rows={2}
          value={code}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          variant="secondary"
          icon={<Copy aria-hidden="true" size={18} />}
          onClick={() =>
            navigator.clipboard.writeText(code).then(
              () => setCopied('yes'),
              () => setCopied('failed'),
            )
          }
        >
          <Trans>Copy</Trans>
        </Button>
      </div>
      {copied === 'yes' && <SuccessMessage>{t`Copied`}</SuccessMessage>}
      {copied === 'failed' && (
        <ErrorMessage>{t`The code could not be copied. Select it and copy it by hand.`}</ErrorMessage>
      )}
    </div>
  );
}

export function ConsentScreen() {
  const [search] = useSearchParams();
  const [input] = useState(() => authorizationRequestOf(search));
  const consent = useConsent(input);
  const decide = useDecide(input);
  const viewer = useViewer();
  const [leaving, setLeaving] = useState(false);

  const choose = (decision: 'authorize' | 'deny') =>
    decide.mutate(decision, {
      onSuccess: (answer) => {
        if ('redirectTo' in answer) {
          setLeaving(true);
          window.location.assign(answer.redirectTo);
        }
      },
    });

  if (consent.isPending) {
    return (
      <Page title={t`Authorize an app`} width="narrow">
        <div className={styles.card}>
          <Skeleton height={28} />
          <Skeleton height={96} />
        </div>
      </Page>
    );
  }
  if (consent.isError) {
    // The server says in words what is wrong with the request (an unknown app, a redirect it did
    // not register…); anything else may pass, so it can be tried again.
    const refused = isApiError(consent.error, 'NotFound') || isApiError(consent.error, 'Invalid');
    return (
      <Page title={t`Authorize an app`} width="narrow">
        <EmptyState icon={<KeyRound />} title={t`This app cannot sign in`}>
          <ErrorMessage>
            {refused
              ? consent.error.message
              : actionableMessage(consent.error, messages.common.somethingWentWrong)}
          </ErrorMessage>
          {!refused && (
            <Button variant="secondary" onClick={() => void consent.refetch()}>
              {messages.common.tryAgain}
            </Button>
          )}
        </EmptyState>
      </Page>
    );
  }

  const { app, scopes } = consent.data;
  const name = app.name;
  const answer = decide.data;
  const username = viewer.profile?.username;
  return (
    <Page title={t`Authorize ${name}`} width="narrow">
      <div className={styles.card}>
        {answer && 'code' in answer ? (
          <CodeToCopy code={answer.code} />
        ) : answer && 'denied' in answer ? (
          <p role="status">
            <Trans>You denied {name} access. You can close this page.</Trans>
          </p>
        ) : (
          <>
            <p className={styles.lead}>
              {username ? (
                <Trans>
                  <strong>{name}</strong> wants to use your Glimpse account @{username}.
                </Trans>
              ) : (
                <Trans>
                  <strong>{name}</strong> wants to use your Glimpse account.
                </Trans>
              )}
            </p>
            {app.website && (
              <p className={styles.muted}>
                <a href={app.website} rel="noopener noreferrer nofollow" target="_blank">
                  {app.website}
                </a>
              </p>
            )}
            <h2 className={styles.subheading}>
              <Trans>It will be able to:</Trans>
            </h2>
            <ScopeList scopes={scopes} label={t`What ${name} will be able to do`} />
            <p className={styles.muted}>
              <Trans>You can revoke its access at any time in Settings, Apps.</Trans>
            </p>
            {decide.isError && (
              <ErrorMessage>
                {actionableMessage(decide.error, messages.common.somethingWentWrong)}
              </ErrorMessage>
            )}
            <div className={styles.actions}>
              <Button
                variant="secondary"
                onClick={() => choose('deny')}
                disabled={decide.isPending || leaving}
              >
                <Trans>Deny</Trans>
              </Button>
              <Button
                onClick={() => choose('authorize')}
                busy={decide.isPending || leaving}
                disabled={decide.isPending || leaving}
              >
                <Trans>Authorize</Trans>
              </Button>
            </div>
          </>
        )}
      </div>
    </Page>
  );
}
