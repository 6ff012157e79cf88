import { useEffect } from 'react';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider, type OptionsObject } from 'notistack';
import { NOTIFICATION_HIDE_MS } from '@darkroom/contracts';

type Show = (message: string, options: OptionsObject) => void;
let markReady: () => void = () => {};
/**
 * Resolves once the bar is on screen: notistack's `enqueueSnackbar` shows nothing before that, and
 * goes to the bar mounted last (read at each call, as a bar can be mounted again).
 */
export const ready = new Promise<Show>((resolve) => (markReady = () => resolve((message, options) => enqueueSnackbar(message, options))));

let mounted = false;
/** Closes every message shown (notistack's close fails before a bar is mounted: nothing to close then). */
export const dismissAll = (): void => {
  if (mounted) closeSnackbar();
};

/**
 * The notification bar (top right, hides after 4 s), rendered into its own host node. Loaded after
 * the first screen rather than with it (see `notify.ts`), so notistack is not part of the entry.
 */
export default function NotificationBar({ domRoot }: { domRoot: HTMLElement }) {
  useEffect(() => {
    mounted = true;
    markReady();
  }, []);
  return (
    <SnackbarProvider
      domRoot={domRoot}
      maxSnack={3}
      autoHideDuration={NOTIFICATION_HIDE_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      classes={{ containerAnchorOriginTopRight: 'darkroom-toasts' }}
    />
  );
}
