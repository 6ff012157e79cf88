import { useCallback } from 'react';
import { useSnackbar } from 'notistack';
import { COMMON_MESSAGES } from '@darkroom/contracts';

export type NotificationType = 'success' | 'error' | 'info' | 'warning';

/** Shows a message in the notification bar (top right, hides after 4 s). Type defaults to error. */
export function useNotify() {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    (message?: string, type: NotificationType = 'error') =>
      enqueueSnackbar(message || COMMON_MESSAGES.defaultNotification, { variant: type }),
    [enqueueSnackbar],
  );
}
