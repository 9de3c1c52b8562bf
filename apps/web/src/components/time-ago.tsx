import { formatDateTime, formatRelativeTime } from '@/lib/format.ts';

/** "5 minutes ago", with the full date and time on hover and for assistive technology. */
export function TimeAgo({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {formatRelativeTime(iso)}
    </time>
  );
}
