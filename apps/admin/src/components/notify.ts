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

/**
 * Closes the messages on screen: a failure that no longer holds (a wrong password, once a right
 * one signed in) must not follow the admin onto the next screen. Nothing to do before the bar loaded.
 */
export function dismissNotifications(): void {
  void import('./notification-bar').then((bar) => bar.dismissAll());
}
