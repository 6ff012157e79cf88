/**
 * The notification bar renders into its own node beside the app. An open MUI dialog marks every
 * other node of <body> aria-hidden, which would hide messages from screen readers (and from
 * role-based queries) exactly when a dialog reports success or failure; keep this one exposed.
 */
export function notificationHost(): HTMLElement {
  let host = document.getElementById('notifications');
  if (!host) {
    host = document.createElement('div');
    host.id = 'notifications';
    document.body.appendChild(host);
  }
  // A labelled landmark, so a shown message is never content outside landmarks (axe 'region').
  host.setAttribute('role', 'region');
  host.setAttribute('aria-label', 'Notifications');
  const node = host;
  new MutationObserver(() => {
    if (node.hasAttribute('aria-hidden')) node.removeAttribute('aria-hidden');
  }).observe(node, { attributes: true, attributeFilter: ['aria-hidden'] });
  return node;
}

const waiting = new Set<() => void>();
let requested = false;

/** Asks for the notification bar to be loaded and shown (a message waits for it). */
export function requestNotificationBar(): void {
  if (requested) return;
  requested = true;
  for (const cb of waiting) cb();
  waiting.clear();
}

/** Calls back once the bar is asked for (at once if it already was); returns the unsubscribe. */
export function onNotificationBarRequested(cb: () => void): () => void {
  if (requested) {
    cb();
    return () => {};
  }
  waiting.add(cb);
  return () => waiting.delete(cb);
}
