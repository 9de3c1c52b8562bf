/**
 * The feedback box on /help. Empty feedback is refused here with the same message the server would
 * give; success and failure are announced in the page (role status / alert).
 */

import { FeedbackInput, limits, messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button, ButtonLink } from '@/components/button.tsx';
import { TextArea } from '@/components/field.tsx';
import { actionableMessage, isApiError } from '@/lib/api-client.ts';
import { useForm } from '@/lib/use-form.ts';
import { useSendFeedback } from './api/send-feedback.ts';
import styles from './help-screen.module.css';

/** What went wrong, when we can say. */
function detailOf(error: unknown): string | undefined {
  if (isApiError(error, 'Network')) return messages.common.networkError;
  if (isApiError(error, 'Unauthenticated')) return messages.auth.signInRequired;
  return actionableMessage(error, '') || undefined;
}

export function FeedbackForm({ signedIn }: { signedIn: boolean }) {
  const send = useSendFeedback();
  const [sent, setSent] = useState(false);
  const formElement = useRef<HTMLFormElement>(null);
  const form = useForm({
    initial: { body: '' },
    schema: FeedbackInput,
    onInvalid: () => formElement.current?.querySelector('textarea')?.focus(),
    onSubmit: async (input) => {
      setSent(false);
      await send.mutateAsync(input);
      form.reset();
      setSent(true);
    },
  });
  const failure = form.failure;

  if (!signedIn) {
    return (
      <div className={styles.signedOut}>
        <p>{messages.feedback.signInToSend}</p>
        <ButtonLink to={paths.login} state={{ from: paths.help }} variant="secondary">
          <Trans>Sign in</Trans>
        </ButtonLink>
      </div>
    );
  }

  return (
    <form
      ref={formElement}
      className={styles.feedback}
      onSubmit={(event) => {
        setSent(false);
        form.submit(event);
      }}
      noValidate
    >
      <TextArea
        label={t`Feedback`}
        rows={5}
        value={form.values.body}
        maxLength={limits.feedbackMax}
        onChange={(e) => {
          form.set('body', e.target.value);
          form.clearErrors();
          if (sent) setSent(false);
        }}
        error={form.errors.body}
        hint={t`Tell us what works, what does not, or what you would like to see. ${form.values.body.length}/${limits.feedbackMax}`}
        aria-required="true"
      />
      {failure !== null && (
        <ErrorMessage>
          {messages.feedback.failed}
          {detailOf(failure) && <span className={styles.detail}>{detailOf(failure)}</span>}
        </ErrorMessage>
      )}
      {sent && <SuccessMessage>{messages.feedback.sent}</SuccessMessage>}
      <div>
        <Button type="submit" busy={form.busy} busyLabel={messages.feedback.sending}>
          <Trans>Send feedback</Trans>
        </Button>
      </div>
    </form>
  );
}
