/**
 * A Report button that opens the report dialog (Reason, Submit, Cancel; DESIGN.md §4), for an
 * account, a post, a comment or an event alike. A second report of the same thing while the first
 * is open answers 409 with the shared "already reported" message, shown in the dialog. About an
 * account on another server (`forwardTo`, its host), a "Forward to <server>" box also sends the
 * report to that server's moderators, without the reporter's name (server
 * composers/federation/outbox/reports.ts); about a member here there is no box.
 */

import { limits, messages, ReportInput, ruleIn } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { TextArea } from '@/components/field.tsx';
import { useToast } from '@/components/toast.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { registrationInfoQueryOptions } from '@/lib/registrations.ts';
import { useForm } from '@/lib/use-form.ts';

interface ReportButtonProps {
  /** The button's name: "Report", "Report post", "Report comment", "Report event". */
  label: string;
  title: string;
  description: string;
  /** `ruleIds`: the server's rules the reporter ticked as broken (none when the server has no rules). */
  send: (reason: string, forward: boolean, ruleIds: string[]) => Promise<unknown>;
  size?: 'md' | 'sm';
  /** The remote server of the reported account (or of the content's author); null for a member here. */
  forwardTo?: string | null;
}

export function ReportButton({ label, title, description, send, size, forwardTo }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const forwardId = useId();
  const toast = useToast();
  // The server's rules, offered as checkboxes once the dialog opens (the rules broken, as on Mastodon).
  const rules = useQuery({ ...registrationInfoQueryOptions(), enabled: open }).data?.rules ?? [];
  const { i18n } = useLingui();
  const form = useForm({
    initial: { reason: '', forward: false, ruleIds: [] as string[] },
    schema: ReportInput,
    onSubmit: async ({ reason, forward, ruleIds }) => {
      await send(reason, Boolean(forwardTo) && forward, ruleIds);
      toast.success(messages.social.reported);
      close();
    },
  });

  function close() {
    setOpen(false);
    form.reset();
  }

  const alert = isApiError(form.failure, 'Conflict')
    ? form.failure.message
    : form.alert(messages.social.reportFailed);

  return (
    <>
      <Button
        variant="ghost"
        size={size}
        icon={<Flag aria-hidden="true" size={size === 'sm' ? 16 : 18} />}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      <Dialog open={open} onClose={close} title={title}>
        <form onSubmit={form.submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <p style={{ margin: 0 }}>{description}</p>
          <TextArea
            label={t`Reason`}
            rows={4}
            value={form.values.reason}
            maxLength={limits.reportMax}
            onChange={(e) => form.set('reason', e.target.value)}
            autoFocus
          />
          {rules.length > 0 && (
            <fieldset
              style={{ border: 0, margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
            >
              <legend style={{ fontWeight: 600, padding: 0, marginBottom: 8 }}>
                <Trans>Rules broken (optional)</Trans>
              </legend>
              {rules.map((rule) => (
                <label
                  key={rule.id}
                  style={{ display: 'flex', alignItems: 'flex-start', gap: 8, cursor: 'pointer' }}
                >
                  <input
                    type="checkbox"
                    checked={form.values.ruleIds.includes(rule.id)}
                    onChange={(e) =>
                      form.set(
                        'ruleIds',
                        e.target.checked
                          ? [...form.values.ruleIds, rule.id]
                          : form.values.ruleIds.filter((id) => id !== rule.id),
                      )
                    }
                    style={{
                      width: 20,
                      height: 20,
                      margin: '2px 0 0',
                      flexShrink: 0,
                      accentColor: 'var(--brand)',
                    }}
                  />
                  <span dir="auto">{ruleIn(rule, i18n.locale).text}</span>
                </label>
              ))}
            </fieldset>
          )}
          {forwardTo && (
            <div style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
              <input
                id={forwardId}
                type="checkbox"
                checked={form.values.forward}
                onChange={(e) => form.set('forward', e.target.checked)}
                aria-describedby={`${forwardId}-hint`}
                style={{
                  width: 20,
                  height: 20,
                  margin: '2px 0 0',
                  flexShrink: 0,
                  accentColor: 'var(--brand)',
                }}
              />
              <div>
                <label htmlFor={forwardId} style={{ fontWeight: 600, cursor: 'pointer' }}>
                  <Trans>Forward to {forwardTo}</Trans>
                </label>
                <p id={`${forwardId}-hint`} style={{ margin: 0, color: 'var(--text-muted)' }}>
                  <Trans>A copy goes to that server’s moderators, without your name.</Trans>
                </p>
              </div>
            </div>
          )}
          <ErrorMessage>{alert}</ErrorMessage>
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
            <Button variant="secondary" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" busy={form.busy} busyLabel={messages.common.submitting}>
              <Trans>Submit</Trans>
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
