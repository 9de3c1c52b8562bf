/** A moderator's confirmation: what will happen, an optional note for the audit log, the action or Cancel. */

import { limits, ModerationActionInput, messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { TextArea } from '@/components/field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useForm } from '@/lib/use-form.ts';

interface ActionDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: (note: string) => Promise<unknown>;
  onClose: () => void;
}

export function ActionDialog({
  open,
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
}: ActionDialogProps) {
  const form = useForm({
    initial: { note: '' },
    schema: ModerationActionInput,
    onSubmit: async ({ note }) => {
      await onConfirm(note);
      close();
    },
  });
  function close() {
    form.reset();
    onClose();
  }
  // A report handled meanwhile (409) or refused (400, 403) says why in the shared words.
  const alert =
    form.failure && isApiError(form.failure) && form.failure.kind !== 'Internal'
      ? form.failure.message
      : form.alert(messages.safety.moderationFailed);
  return (
    <Dialog open={open} onClose={close} title={title}>
      <form onSubmit={form.submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <p style={{ margin: 0 }}>{description}</p>
        <TextArea
          label={t`Note (optional)`}
          rows={3}
          maxLength={limits.moderationNoteMax}
          {...form.field('note')}
        />
        <ErrorMessage>{alert}</ErrorMessage>
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button variant="secondary" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="danger" busy={form.busy} busyLabel={messages.common.submitting}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
