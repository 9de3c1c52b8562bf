/**
 * Until the email address is confirmed: a banner with Resend email, which the person may dismiss
 * (for this browser). Following the link lands on `/?emailVerified=1`, which says thank you.
 */

import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/button.tsx';
import { useToast } from '@/components/toast.tsx';
import { actionableMessage } from '@/lib/api-client.ts';
import { authKeys } from '@/lib/query-keys.ts';
import { useViewer } from '@/lib/session.ts';
import { useResendVerification } from './api/resend-verification.ts';
import styles from './email-verification-banner.module.css';

const dismissedKey = (userId: string) => `glimpse:verify-banner-dismissed:${userId}`;

export function EmailVerificationBanner() {
  const me = useViewer();
  const toast = useToast();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const resend = useResendVerification();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(dismissedKey(me.user.id)) === '1');
  const justVerified = new URLSearchParams(location.search).has('emailVerified');

  useEffect(() => {
    if (!justVerified) return;
    toast.success(messages.account.emailVerified);
    void queryClient.invalidateQueries({ queryKey: authKeys.me });
    // Once said is enough: a reload or a remount must not say it again.
    navigate(location.pathname, { replace: true });
  }, [justVerified, toast, queryClient, navigate, location.pathname]);

  if (me.user.emailVerified || dismissed) return null;

  return (
    <section className={styles.banner} aria-label={t`Confirm your email address`}>
      <p className={styles.text}>{messages.account.verifyBanner(me.user.email)}</p>
      <Button
        variant="secondary"
        busy={resend.isPending}
        onClick={() =>
          resend.mutate(me.user.email, {
            onSuccess: () => toast.success(messages.account.verificationSent),
            onError: (error) => toast.error(actionableMessage(error, messages.account.verificationFailed)),
          })
        }
      >
        <Trans>Resend email</Trans>
      </Button>
      <button
        type="button"
        className={styles.dismiss}
        aria-label={t`Dismiss`}
        onClick={() => {
          localStorage.setItem(dismissedKey(me.user.id), '1');
          setDismissed(true);
        }}
      >
        <X aria-hidden="true" size={18} />
      </button>
    </section>
  );
}
