import { useCallback } from 'react';
import { COMMON_MESSAGES } from '@darkroom/contracts';
import { requestNotificationBar } from '../app/notification-host';

export type NotificationType = 'success' | 'error' | 'info' | 'warning';

/**
 * Shows a message in the notification bar (top right, hides after 4 s). Type defaults to error.
 * The bar's code loads after the first screen, or with the first message (shown once it is there).
 */
export function useNotify() {
  return useCallback((message?: string, type: NotificationType = 'error') => {
    requestNotificationBar();
    void import('./notification-bar')
      .then((bar) => bar.ready)
      .then((enqueue) => enqueue(message || COMMON_MESSAGES.defaultNotification, { variant: type }));
  }, []);
}
