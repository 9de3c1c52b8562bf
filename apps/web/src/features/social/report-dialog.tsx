import { limits, messages, ReportInput } from '@glimpse/shared';
import { Flag } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { TextArea } from '@/components/field.tsx';
import { useToast } from '@/components/toast.tsx';
import { actionableMessage } from '@/lib/api-client.ts';
import { useReportAccount } from './api/report.ts';

/** Report opens a dialog with Reason, Submit and Cancel; a success message confirms it. */
export function ReportButton({ userId, name }: { userId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const report = useReportAccount(userId);
  const toast = useToast();

  const close = () => {
    setOpen(false);
    setReason('');
    setError('');
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ReportInput.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.social.reportFailed);
      return;
    }
    report.mutate(parsed.data.reason, {
      onSuccess: () => {
        toast.success(messages.social.reported);
        close();
      },
      onError: (err) => setError(actionableMessage(err, messages.social.reportFailed)),
    });
  }

  return (
    <>
      <Button variant="ghost" icon={<Flag aria-hidden="true" size={18} />} onClick={() => setOpen(true)}>
        Report
      </Button>
      <Dialog open={open} onClose={close} title={`Report ${name}`}>
        <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <p style={{ margin: 0 }}>
            Tell our moderators what is wrong. {name} will not see who reported them.
          </p>
          <TextArea
            label="Reason"
            rows={4}
            value={reason}
            maxLength={limits.reportMax}
            onChange={(e) => setReason(e.target.value)}
            autoFocus
          />
          <ErrorMessage>{error}</ErrorMessage>
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" busy={report.isPending} busyLabel={messages.common.submitting}>
              Submit
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
