/**
 * /admin (admins): how the server is doing, at a glance. Seven figures (Members, Posts, Reports,
 * Storage, Free disk, Jobs, Federation), each its latest numbers and a small chart of the last 30 days with
 * "Show as table" for the same numbers as a table. The figures are the hourly snapshots
 * (features/community/dashboard.ts on the server, which takes a server's very first one when asked):
 * this screen never makes the server count.
 */
import type { DailyStatsDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Page } from '@/components/page.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { dateTimeFormat, formatCount, formatFileSize } from '@/lib/format.ts';
import { useDashboard } from './api/dashboard.ts';
import styles from './dashboard.module.css';

interface Series {
  label: string;
  /** Null where the day has no such figure (free disk, before it was counted). */
  value: (day: DailyStatsDto) => number | null;
  format: (value: number) => string;
}

/** A figure a day does not have: a dash, the same in every language. */
const shown = (series: Series, day: DailyStatsDto) => {
  const value = series.value(day);
  return value === null ? '–' : series.format(value);
};

const count = (label: string, value: (day: DailyStatsDto) => number): Series => ({
  label,
  value,
  format: formatCount,
});
const size = (label: string, value: (day: DailyStatsDto) => number | null): Series => ({
  label,
  value,
  format: formatFileSize,
});

const dayLabel = (day: string) =>
  dateTimeFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/**
 * A line of the first series over the days, its latest day marked with a dot (so that a server's
 * first day, a single point, still shows something); its numbers are in the table beside it.
 */
function Chart({ days, series, label }: { days: DailyStatsDto[]; series: Series; label: string }) {
  const width = 300;
  const height = 64;
  // The dot's radius in from every edge, so that it is never cut by the frame.
  const inset = 4;
  // Days without the figure are left out of the line, not drawn as zero.
  const values = days.map(series.value).filter((value): value is number => value !== null);
  const max = Math.max(...values, 1);
  const step = values.length > 1 ? (width - 2 * inset) / (values.length - 1) : 0;
  const xOf = (i: number) => (values.length > 1 ? inset + i * step : width - inset);
  const yOf = (value: number) => height - inset - (value / max) * (height - 2 * inset);
  const points = values.map((value, i) => `${xOf(i).toFixed(1)},${yOf(value).toFixed(1)}`).join(' ');
  const last = values.length - 1;
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      <polyline
        points={points}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        vectorEffect="non-scaling-stroke"
      />
      {/* A zero-length line with round ends: a dot that stays round however the chart is stretched. */}
      {last >= 0 && (
        <path
          d={`M${xOf(last).toFixed(1)},${yOf(values[last]!).toFixed(1)}h0`}
          stroke="currentColor"
          strokeWidth="7"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
      )}
    </svg>
  );
}

function Figure({ heading, days, series }: { heading: string; days: DailyStatsDto[]; series: Series[] }) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const latest = days.at(-1)!;
  const first = series[0]!;
  const span = plural(days.length, {
    one: `${first.label}, the last day`,
    other: `${first.label}, the last # days`,
  });
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      <figure className={styles.figure}>
        <dl className={styles.numbers}>
          {series.map((one) => (
            <div key={one.label}>
              <dt>{one.label}</dt>
              <dd>{shown(one, latest)}</dd>
            </div>
          ))}
        </dl>
        {asTable ? (
          <table className={styles.table}>
            <caption className={styles.caption}>{heading}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Day</Trans>
                </th>
                {series.map((one) => (
                  <th key={one.label} scope="col">
                    {one.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{dayLabel(day.day)}</th>
                  {series.map((one) => (
                    <td key={one.label}>{shown(one, day)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <Chart days={days} series={first} label={span} />
        )}
        <figcaption className={styles.caption}>{span}</figcaption>
      </figure>
      <Button variant="ghost" size="sm" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
        <Trans>Show as table</Trans>
      </Button>
    </section>
  );
}

export function DashboardScreen() {
  const dashboard = useDashboard();
  const days = dashboard.data ?? [];
  return (
    <Page title={t`Dashboard`}>
      {dashboard.isPending ? (
        <Skeleton height={240} />
      ) : dashboard.isError ? (
        <ErrorMessage>{messages.common.somethingWentWrong}</ErrorMessage>
      ) : (
        <div className={styles.grid}>
          <Figure
            heading={t`Members`}
            days={days}
            series={[
              count(t`Total`, (d) => d.members),
              count(t`New today`, (d) => d.membersNew),
              count(t`Active in 7 days`, (d) => d.membersActive7d),
              count(t`Active in 30 days`, (d) => d.membersActive30d),
            ]}
          />
          <Figure
            heading={t`Posts`}
            days={days}
            series={[count(t`Posts that day`, (d) => d.posts), count(t`Events that day`, (d) => d.events)]}
          />
          <Figure heading={t`Reports`} days={days} series={[count(t`Open`, (d) => d.reportsOpen)]} />
          <Figure
            heading={t`Storage`}
            days={days}
            series={[size(t`Media`, (d) => d.mediaBytes), size(t`Database`, (d) => d.databaseBytes)]}
          />
          <Figure
            heading={t`Free disk`}
            days={days}
            series={[size(t`Free on the data disk`, (d) => d.freeDiskBytes)]}
          />
          <Figure
            heading={t`Jobs`}
            days={days}
            series={[count(t`Queued`, (d) => d.jobsQueued), count(t`Failed`, (d) => d.jobsFailed)]}
          />
          <Figure
            heading={t`Federation`}
            days={days}
            series={[
              count(t`Known servers`, (d) => d.knownServers),
              count(t`Deliveries failing`, (d) => d.deliveriesFailing),
            ]}
          />
        </div>
      )}
    </Page>
  );
}
