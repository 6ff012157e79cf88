// The sets' tabs on the customer's page: each tab is a link to its set's page (which works
// without JavaScript); the script adds a tab list's keys: one stop in the Tab order (the chosen
// tab), arrows, Home and End move between tabs, Enter or Space opens one.

/** `?set=<id>` (with `&` or `?` before it as `join` says) for the grid's set, or '' for all photos. */
export function setQuery(grid: HTMLElement, join: '?' | '&'): string {
  const set = grid.dataset.set;
  return set ? `${join}set=${set}` : '';
}

export function setTabs(): void {
  const list = document.querySelector<HTMLElement>('[data-set-tabs]');
  if (!list) return;
  const tabs = Array.from(list.querySelectorAll<HTMLAnchorElement>('[role=tab]'));
  const selected = Math.max(
    0,
    tabs.findIndex((t) => t.getAttribute('aria-selected') === 'true'),
  );
  tabs.forEach((t, i) => (t.tabIndex = i === selected ? 0 : -1));
  tabs[selected]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  list.addEventListener('keydown', (e) => {
    const at = tabs.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    let to = at;
    if (e.key === 'ArrowRight') to = (at + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') to = (at - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = tabs.length - 1;
    else if (e.key === ' ') {
      e.preventDefault();
      tabs[at]!.click();
      return;
    } else return;
    e.preventDefault();
    tabs[at]!.tabIndex = -1;
    tabs[to]!.tabIndex = 0;
    tabs[to]!.focus();
  });
}
