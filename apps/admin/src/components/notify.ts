import { useCallback } from 'react';
import { COMMON_MESSAGES } from '@darkroom/contracts';

export type NotificationType = 'success' | 'error' | 'info' | 'warning';

/**
 * Shows a message in the notification bar (top right, hides after 4 s). Type defaults to error.
 * The bar's code loads after the first screen; a message sent before it is shown once it is there.
 */
export function useNotify() {
  return useCallback((message?: string, type: NotificationType = 'error') => {
    void import('./notification-bar')
      .then((bar) => bar.ready)
      .then((enqueue) => enqueue(message || COMMON_MESSAGES.defaultNotification, { variant: type }));
  }, []);
}
