import { remoteHostOf } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { ReportButton as ReportDialogButton } from '@/components/report-button.tsx';
import { useReportAccount } from './api/report.ts';

/** Report on a public profile: the shared report dialog, about an account. */
export function ReportButton({ userId, name, username }: { userId: string; name: string; username: string }) {
  const report = useReportAccount(userId);
  return (
    <ReportDialogButton
      label={t`Report`}
      title={t`Report ${name}`}
      description={t`Tell our moderators what is wrong. ${name} will not see who reported them.`}
      forwardTo={remoteHostOf(username)}
      send={(reason, forward, ruleIds) => report.mutateAsync({ reason, forward, ruleIds })}
    />
  );
}
