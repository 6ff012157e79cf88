import { useQuery } from '@tanstack/react-query';
import { dashboardApi } from '@darkroom/contracts';
import { call } from '../../api/endpoints';
import { formatDate } from '../../components/format';

export const dashboardKeys = { summary: ['dashboard'] as const };

/** The landing screen's summary; always refetched on mount so counts are current. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.summary,
    queryFn: ({ signal }) => call(dashboardApi.summary, { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes in human units (1024-based, as file managers show them): 1536 -> '1.5 KB'. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits).replace(/\.0+$/, '')} ${UNITS[unit]}`;
}

/** '3 minutes ago'-style time for the enquiry list; falls back to the date after a week. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86400) return rtf.format(Math.round(seconds / 86400), 'day');
  return formatDate(iso);
}
