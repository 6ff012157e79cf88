import { useMemo, useState } from 'react';
import { Alert, Box, Button, IconButton, LinearProgress, Tooltip, Typography } from '@mui/material';
import BackupOutlinedIcon from '@mui/icons-material/BackupOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import type { BackupFile } from '@darkroom/contracts';
import { failureMessage } from '../../api/failure';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatDateTime } from '../../components/format';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/page-header';
import { downloadBackup, formatSize, isPending, useBackups, useStartBackup } from './api';

/** /Backups: the archives in BACKUP_DIR (scheduled or started here), a backup now, and downloads. */
export default function BackupsPage() {
  const [job, setJob] = useState<string | null>(null);
  const { data, isLoading, error } = useBackups(job);
  const start = useStartBackup();
  const notify = useNotify();
  const [downloading, setDownloading] = useState<string | null>(null);
  const pending = start.isPending || isPending(data, job);
  const failed = data?.job && (data.job.state === 'failed' || data.job.state === 'retry') ? data.job.error : null;

  const backUpNow = () =>
    start.mutate(undefined, {
      onSuccess: (r) => setJob(r.job),
      onError: (err) => notify(failureMessage(err, { fallback: 'The backup could not be started' })),
    });

  const fetchBackup = (name: string) => {
    setDownloading(name);
    downloadBackup(name)
      .catch((err: unknown) => notify(failureMessage(err, { fallback: 'The backup could not be downloaded' })))
      .finally(() => setDownloading(null));
  };

  const columns = useMemo<DataTableColumn<BackupFile>[]>(
    () => [
      { field: 'name', headerName: 'Name', minWidth: 260, flex: 1.5 },
      { field: 'size', headerName: 'Size', width: 110, keepWhole: true, text: (r) => formatSize(r.size) },
      {
        field: 'created_at',
        headerName: 'Written',
        width: 200,
        keepWhole: true,
        text: (r) => formatDateTime(r.created_at),
        render: (r) => <time dateTime={r.created_at}>{formatDateTime(r.created_at)}</time>,
      },
    ],
    [],
  );

  return (
    <>
      <PageHeader
        title="Backups"
        subtitle="Every record and every photo, in one archive. Restore one with npm run restore."
        actions={
          <Button variant="contained" startIcon={<BackupOutlinedIcon />} onClick={backUpNow} disabled={pending}>
            Back up now
          </Button>
        }
      />
      {pending && (
        <Box role="status" sx={{ mb: 2 }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            A backup is being written. It appears below when it is done.
          </Typography>
          <LinearProgress aria-label="Backup in progress" />
        </Box>
      )}
      {failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The backup failed: {failed}
        </Alert>
      )}
      <DataTable<BackupFile>
        label="Backups"
        rows={data?.backups}
        getRowId={(r) => r.name}
        columns={columns}
        loading={isLoading}
        error={error}
        actionsWidth={80}
        actions={(r) => (
          <Tooltip title="Download">
            <span>
              <IconButton
                size="small"
                aria-label={`Download ${r.name}`}
                disabled={downloading === r.name}
                onClick={() => fetchBackup(r.name)}
              >
                <DownloadOutlinedIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
      />
    </>
  );
}
