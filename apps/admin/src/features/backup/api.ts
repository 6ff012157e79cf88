import { useQuery } from '@tanstack/react-query';
import { backupApi, type BackupList } from '@darkroom/contracts';
import { call, download } from '../../api/endpoints';
import { useInvalidatingMutation } from '../../api/mutations';

export const backupKeys = { all: ['backups'] as const, list: (job: string | null) => ['backups', job] as const };

/** A job still to finish: queued, running, or waiting for its next try. */
export const isPending = (list: BackupList | undefined, job: string | null) =>
  !!list && (list.running > 0 || (!!job && !!list.job && ['created', 'active'].includes(list.job.state)));

/** The backups of BACKUP_DIR; asked again every 2 s while one is being written, so it appears when done. */
export function useBackups(job: string | null) {
  return useQuery({
    queryKey: backupKeys.list(job),
    queryFn: ({ signal }) => call(backupApi.list, { query: { job: job ?? undefined }, signal }),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: (query) => (isPending(query.state.data, job) ? 2_000 : false),
  });
}

export function useStartBackup() {
  return useInvalidatingMutation(backupKeys.all, () => call(backupApi.start));
}

export const downloadBackup = (name: string) => download(backupApi.download, { params: { name }, filename: name });

/** 1536 -> '1.5 KB'. */
export function formatSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let n = bytes;
  let unit = 0;
  while (n >= 1024 && unit < units.length - 1) {
    n /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${n} bytes` : `${n.toFixed(n < 10 ? 1 : 0)} ${units[unit]}`;
}
