/**
 * The feedback box on /help. Empty feedback is refused here with the same message the server would
 * give; success and failure are announced in the page (role status / alert).
 */
import { FeedbackInput, limits, messages, paths } from '@glimpse/shared';
import { type FormEvent, useRef, useState } from 'react';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button, ButtonLink } from '@/components/button.tsx';
import { TextArea } from '@/components/field.tsx';
import { actionableMessage, isApiError } from '@/lib/api-client.ts';
import { useSendFeedback } from './api/send-feedback.ts';
import styles from './help-screen.module.css';

export function FeedbackForm({ signedIn }: { signedIn: boolean }) {
  const send = useSendFeedback();
  const [body, setBody] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<{ message: string; detail?: string }>();
  const [sent, setSent] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  if (!signedIn) {
    return (
      <div className={styles.signedOut}>
        <p>{messages.feedback.signInToSend}</p>
        <ButtonLink to={paths.login} state={{ from: paths.help }} variant="secondary">
          Sign in
        </ButtonLink>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSent(false);
    setFailure(undefined);
    const parsed = FeedbackInput.safeParse({ body });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? messages.feedback.empty);
      form.current?.querySelector('textarea')?.focus();
      return;
    }
    setFieldError(undefined);
    send.mutate(parsed.data, {
      onSuccess: () => {
        setBody('');
        setSent(true);
      },
      onError: (error) =>
        setFailure({
          message: messages.feedback.failed,
          detail: isApiError(error, 'Network')
            ? messages.common.networkError
            : isApiError(error, 'Unauthenticated')
              ? messages.auth.signInRequired
              : actionableMessage(error, '') || undefined,
        }),
    });
  }

  return (
    <form ref={form} className={styles.feedback} onSubmit={submit} noValidate>
      <TextArea
        label="Feedback"
        rows={5}
        value={body}
        maxLength={limits.feedbackMax}
        onChange={(e) => {
          setBody(e.target.value);
          if (fieldError) setFieldError(undefined);
          if (sent) setSent(false);
        }}
        error={fieldError}
        hint={`Tell us what works, what does not, or what you would like to see. ${body.length}/${limits.feedbackMax}`}
        aria-required="true"
      />
      {failure && (
        <ErrorMessage>
          {failure.message}
          {failure.detail && <span className={styles.detail}>{failure.detail}</span>}
        </ErrorMessage>
      )}
      {sent && <SuccessMessage>{messages.feedback.sent}</SuccessMessage>}
      <div>
        <Button type="submit" busy={send.isPending} busyLabel={messages.feedback.sending}>
          Send feedback
        </Button>
      </div>
    </form>
  );
}
