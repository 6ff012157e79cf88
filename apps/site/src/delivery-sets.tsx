import type { DeliveryGallery } from '@darkroom/contracts';
import { deliveryPaths, SIZE_LABEL, type FileSize } from './model';

/**
 * A gallery's sets as tabs over its photos: All, then each non-empty set. Each tab is a link
 * (`?set=<id>`), so they work without JavaScript; the delivery script adds the arrow keys of a
 * tab list. A gallery without sets draws nothing here.
 */

/** The page address of a set's tab (relative to `/g/<token>/`), and of one of its pages. */
export const setHref = (set: number | null, page = 1): string => {
  const query = [set === null ? '' : `set=${set}`, page > 1 ? `page=${page}` : ''].filter(Boolean).join('&');
  return query ? `?${query}` : './';
};

const tabId = (set: number | null) => (set === null ? 'dl-tab-all' : `dl-tab-${set}`);
export const SET_PANEL_ID = 'dl-set-panel';

/** The chosen set's name, or null for All (or a set not shown as a tab). */
const chosenSetName = (gallery: DeliveryGallery): string | null => gallery.sets.find((s) => s.id === gallery.set)?.name ?? null;

export function SetTabs({ gallery }: { gallery: DeliveryGallery }) {
  if (!gallery.sets.length) return null;
  const tabs = [{ id: null, name: 'All', count: gallery.all_total }, ...gallery.sets];
  return (
    <div className="wrap dl-sets-wrap">
      <div className="dl-sets" role="tablist" aria-label="Sets" data-set-tabs>
        {tabs.map((t) => {
          const selected = t.id === gallery.set;
          return (
            <a
              key={t.id ?? 'all'}
              id={tabId(t.id)}
              role="tab"
              href={setHref(t.id)}
              aria-selected={selected}
              aria-controls={SET_PANEL_ID}
              className="dl-set"
            >
              {t.name} <span className="n">{t.count.toLocaleString('en')}</span>
            </a>
          );
        })}
      </div>
    </div>
  );
}

/** The attributes of the panel the tabs control (nothing when the gallery has no sets). */
export function setPanelProps(gallery: DeliveryGallery): Record<string, string> {
  if (!gallery.sets.length) return {};
  const shown = gallery.set === null || gallery.sets.some((s) => s.id === gallery.set);
  return shown
    ? { id: SET_PANEL_ID, role: 'tabpanel', 'aria-labelledby': tabId(gallery.set) }
    : { id: SET_PANEL_ID, role: 'tabpanel', 'aria-label': 'Photos' };
}

/** On a set's tab, its own zip (one link per size offered) before the gallery's. */
export function SetDownloads({ gallery, token, sizes }: { gallery: DeliveryGallery; token: string; sizes: FileSize[] }) {
  const name = chosenSetName(gallery);
  if (name === null || gallery.set === null) return null;
  return sizes.map((size) => (
    <a
      key={`set-${size}`}
      className="button"
      href={deliveryPaths.download(token, false, sizes.length > 1 ? size : undefined, gallery.set!)}
      download
    >
      Download {name}
      {sizes.length > 1 ? ` (${SIZE_LABEL[size]})` : ''}
    </a>
  ));
}
