import { limits, messages, ReportInput } from '@glimpse/shared';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { TextArea } from '@/components/field.tsx';
import { useToast } from '@/components/toast.tsx';
import { useForm } from '@/lib/use-form.ts';
import { useReportAccount } from './api/report.ts';

/** Report opens a dialog with Reason, Submit and Cancel; a success message confirms it. */
export function ReportButton({ userId, name }: { userId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const report = useReportAccount(userId);
  const toast = useToast();
  const form = useForm({
    initial: { reason: '' },
    schema: ReportInput,
    onSubmit: async ({ reason }) => {
      await report.mutateAsync(reason);
      toast.success(messages.social.reported);
      close();
    },
  });

  function close() {
    setOpen(false);
    form.reset();
  }

  return (
    <>
      <Button variant="ghost" icon={<Flag aria-hidden="true" size={18} />} onClick={() => setOpen(true)}>
        Report
      </Button>
      <Dialog open={open} onClose={close} title={`Report ${name}`}>
        <form onSubmit={form.submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <p style={{ margin: 0 }}>
            Tell our moderators what is wrong. {name} will not see who reported them.
          </p>
          <TextArea
            label="Reason"
            rows={4}
            value={form.values.reason}
            maxLength={limits.reportMax}
            onChange={(e) => form.set('reason', e.target.value)}
            autoFocus
          />
          <ErrorMessage>{form.alert(messages.social.reportFailed)}</ErrorMessage>
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" busy={form.busy} busyLabel={messages.common.submitting}>
              Submit
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
