// The customer's gallery page (/g/<token>/): a progressive enhancement of the server's HTML.
// - The password form: sent with fetch, the message shown in place, the page reloaded once open.
// - The rest of the photos, from the gallery's JSON, drawn as the customer scrolls.
// - A lightbox (keyboard, buttons, swipe), hearts on tiles and in the lightbox, a favourites
//   filter; favourites are saved (debounced) and put back as they were if saving fails.
import {
  DELIVERY_TILE_SIZES,
  deliveryPaths,
  favouriteLabel,
  HEART_PATH,
  SELECTION_MESSAGES,
  selectionFullMessage,
  type FileSize,
} from '../model';
import { setQuery, setTabs } from './delivery-sets';

interface Photo {
  id: number;
  name: string;
  url: string;
  srcset: string;
  width?: number;
  height?: number;
  placeholder?: string | null;
}

const CHUNK = 48;
const SAVE_DELAY_MS = 600;
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };
const HEART_SVG = `<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="${HEART_PATH}"/></svg>`;

async function detailOf(res: Response): Promise<string | null> {
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body) return null;
  if (typeof body.detail === 'string') return body.detail;
  const first = Object.values(body).find(Array.isArray) as unknown[] | undefined;
  return typeof first?.[0] === 'string' ? first[0] : null;
}

function unlockForm(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-unlock]');
  if (!form || !window.fetch) return;
  const input = form.querySelector<HTMLInputElement>('input[name=password]')!;
  const error = form.querySelector<HTMLElement>('[data-error]')!;
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    button.disabled = true;
    try {
      const res = await fetch(form.dataset.unlock!, {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ password: input.value }),
      });
      if (res.ok) {
        location.reload();
        return;
      }
      error.textContent = (await detailOf(res)) ?? 'The gallery could not be opened. Try again.';
    } catch {
      error.textContent = 'The gallery could not be opened. Check your connection and try again.';
    }
    input.setAttribute('aria-invalid', 'true');
    input.focus();
    button.disabled = false;
  });
}

/** A gallery that asks a visitor's name and e-mail: sent with fetch, messages under the fields, then the photos. */
function visitorForm(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-visitor]');
  if (!form || !window.fetch) return;
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    button.disabled = true;
    const fields = ['name', 'email'] as const;
    const input = (f: string) => form.querySelector<HTMLInputElement>(`input[name=${f}]`)!;
    const error = (f: string) => form.querySelector<HTMLElement>(`[data-error=${f}]`)!;
    for (const f of fields) {
      error(f).textContent = '';
      input(f).removeAttribute('aria-invalid');
    }
    try {
      const res = await fetch(form.dataset.visitor!, {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ name: input('name').value, email: input('email').value }),
      });
      if (res.ok) {
        location.reload();
        return;
      }
      const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
      const wrong = fields.filter((f) => Array.isArray(body?.[f]));
      for (const f of wrong) {
        error(f).textContent = String((body![f] as unknown[])[0]);
        input(f).setAttribute('aria-invalid', 'true');
      }
      if (wrong.length) input(wrong[0]!).focus();
      else error('email').textContent = typeof body?.detail === 'string' ? body.detail : 'That did not work. Try again.';
    } catch {
      error('email').textContent = 'Check your connection and try again.';
    }
    button.disabled = false;
  });
}

/**
 * Gives the server's tiles their sources two frames after the cover has loaded (once it is drawn),
 * at once without a cover, and after 2 s whatever the cover does: on a slow line the tiles took
 * the cover's bandwidth (see the page's Tile).
 */
function releaseTiles(grid: HTMLElement): void {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    for (const img of Array.from(grid.querySelectorAll<HTMLImageElement>('img[data-src]'))) {
      if (img.dataset.srcset) img.srcset = img.dataset.srcset;
      img.src = img.dataset.src!;
      img.removeAttribute('data-srcset');
      img.removeAttribute('data-src');
    }
  };
  const afterPaint = () => {
    requestAnimationFrame(() => requestAnimationFrame(release));
  };
  const cover = document.querySelector<HTMLImageElement>('.dl-hero img');
  if (!cover || cover.complete) return afterPaint();
  cover.addEventListener('load', afterPaint, { once: true });
  cover.addEventListener('error', release, { once: true });
  setTimeout(release, 2000);
}

function gallery(): void {
  const grid = document.querySelector<HTMLUListElement>('ul[data-delivery]');
  if (!grid) return;
  const token = grid.dataset.delivery!;
  const total = Number(grid.dataset.total);
  // A later page of the script-less pages: with the script, the first page scrolls endlessly.
  if (Number(grid.dataset.first) > 0) {
    location.replace(`${deliveryPaths.page(token)}${setQuery(grid, '?')}`);
    return;
  }
  releaseTiles(grid);
  const sizes = (grid.dataset.downloads ?? '').split(',').filter(Boolean) as FileSize[];
  if (grid.dataset.pin === '1') askPinBeforeDownloads(token);
  const status = document.querySelector<HTMLElement>('[data-status]')!;
  const favCount = document.querySelector<HTMLElement>('[data-fav-count]')!;
  const favLinks = Array.from(document.querySelectorAll<HTMLAnchorElement>('[data-download-favourites]'));
  const filters = Array.from(document.querySelectorAll<HTMLButtonElement>('button[data-filter]'));

  const favs = new Set((grid.dataset.favourites || '').split(',').filter(Boolean).map(Number));
  const selection = selectionBar(grid, token, status, () => (timer !== undefined ? save() : Promise.resolve()));
  let saved = new Set(favs);
  // The photos known so far: the server's tiles, until the gallery's JSON brings them all.
  let photos: Photo[] = Array.from(grid.querySelectorAll('li')).map((li) => {
    const img = li.querySelector('img')!;
    return {
      id: Number(li.dataset.id),
      name: img.alt,
      url: li.querySelector('a')!.href,
      srcset: img.getAttribute('srcset') ?? img.dataset.srcset ?? '',
    };
  });
  let view: 'all' | 'favourites' = 'all';
  let list = photos;
  let rendered = photos.length;

  /** One page of the gallery's JSON (all photos, or the favourites), and where the next one is. */
  interface GalleryPage {
    photos: Photo[];
    next: string | null;
  }
  const fetchPage = async (url: string): Promise<GalleryPage> => {
    const res = await fetch(url, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(String(res.status));
    return (await res.json()) as GalleryPage;
  };
  const failed = (err: unknown) => {
    status.textContent = 'The photos could not be loaded. Check your connection and try again.';
    throw err;
  };

  // The photos come page by page, following each page's `next`; the first page holds the
  // server's tiles too.
  let next: string | null = photos.length < total ? `${deliveryPaths.gallery(token)}${setQuery(grid, '?')}` : null;
  let loading: Promise<void> | null = null;
  const loadMore = (): Promise<void> =>
    next === null
      ? Promise.resolve()
      : (loading ??= fetchPage(next)
          .then((page) => {
            const known = new Set(photos.map((p) => p.id));
            photos = [...photos, ...page.photos.filter((p) => !known.has(p.id))];
            next = page.next;
            if (view === 'all') list = photos;
          }, failed)
          .finally(() => (loading = null)));
  /** Loads pages until the photo at `index` of the current view is there (or there is no more). */
  const reach = async (index: number) => {
    while (view === 'all' && list.length <= index && next !== null) await loadMore();
  };

  /** Every favourite, in the gallery's order, as saved on the server. */
  const loadFavourites = async (): Promise<Photo[]> => {
    const out: Photo[] = [];
    for (let url: string | null = `${deliveryPaths.gallery(token)}?favourites=1`; url !== null;) {
      const page: GalleryPage = await fetchPage(url).catch(failed);
      out.push(...page.photos);
      url = page.next;
    }
    return out;
  };

  const heartButton = (p: Photo, pressed: boolean): HTMLButtonElement => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'heart';
    b.setAttribute('aria-pressed', String(pressed));
    b.setAttribute('aria-label', favouriteLabel(p.name));
    b.innerHTML = HEART_SVG;
    return b;
  };

  const tile = (p: Photo): HTMLLIElement => {
    const li = document.createElement('li');
    li.dataset.id = String(p.id);
    const a = document.createElement('a');
    a.href = p.url;
    a.className = 'dl-open';
    const img = document.createElement('img');
    img.className = 'ph';
    img.alt = p.name;
    img.loading = 'lazy';
    img.decoding = 'async';
    if (p.width && p.height) {
      img.width = p.width;
      img.height = p.height;
      // The justified grid's ratio, as the server writes it (components.tsx ratioStyle).
      li.style.setProperty('--r', (p.width / p.height).toFixed(4));
    }
    if (p.placeholder) img.style.backgroundImage = `url("${p.placeholder}")`;
    if (p.srcset) {
      img.srcset = p.srcset;
      img.sizes = DELIVERY_TILE_SIZES;
    }
    img.src = p.url;
    a.append(img);
    li.append(a, heartButton(p, favs.has(p.id)));
    return li;
  };

  const listTotal = () => (view === 'all' ? total : list.length);
  const renderMore = () => {
    const next = list.slice(rendered, rendered + CHUNK);
    grid.append(...next.map(tile));
    rendered += next.length;
  };

  // Endless scrolling instead of the pages of the script-less page.
  const more = document.createElement('p');
  more.className = 'dl-more';
  document.querySelector('[data-pager]')?.replaceWith(more);
  let busy = false;
  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver(
          async (entries) => {
            if (busy || !entries.some((en) => en.isIntersecting) || rendered >= listTotal()) return;
            busy = true;
            try {
              if (view === 'all' && rendered >= list.length) {
                more.textContent = 'Loading more photos…';
                await loadMore();
              }
              renderMore();
              kick();
            } catch {
              // The message is shown; scrolling again tries again.
            } finally {
              more.textContent = '';
              busy = false;
            }
          },
          { rootMargin: '1200px 0px' },
        )
      : null;
  /** Asks again whether the end is in view (a tall screen, a fast scroll, another view). */
  function kick() {
    observer?.unobserve(more);
    observer?.observe(more);
  }
  kick();

  const showView = async (chosen: 'all' | 'favourites') => {
    let favourites: Photo[] = [];
    if (chosen === 'favourites') {
      try {
        // What is still waiting to be saved first, so the list is the customer's latest.
        if (timer !== undefined) await save();
        favourites = await loadFavourites();
      } catch {
        return;
      }
    }
    view = chosen;
    for (const b of filters) b.setAttribute('aria-pressed', String(b.dataset.filter === view));
    list = view === 'all' ? photos : favourites;
    rendered = 0;
    grid.replaceChildren();
    renderMore();
    if (!list.length) {
      const empty = document.createElement('li');
      empty.className = 'dl-empty';
      empty.textContent = 'No favourites yet: tap the heart on a photo to add it.';
      grid.append(empty);
    }
    kick();
  };
  for (const b of filters) b.addEventListener('click', () => void showView(b.dataset.filter === 'favourites' ? 'favourites' : 'all'));

  // Favourites: shown at once, saved a moment later, put back if saving fails.
  const paint = () => {
    for (const b of Array.from(document.querySelectorAll<HTMLButtonElement>('.heart'))) {
      const id = Number(b.closest<HTMLElement>('[data-id]')?.dataset.id);
      b.setAttribute('aria-pressed', String(favs.has(id)));
    }
    favCount.textContent = favs.size.toLocaleString('en');
    selection.paint(favs.size);
    for (const link of favLinks) link.hidden = favs.size === 0;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> = Promise.resolve();
  let failureShown = false;
  const save = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const ids = Array.from(favs);
    saving = saving.then(async () => {
      try {
        const res = await fetch(deliveryPaths.favourites(token), { method: 'PUT', headers: JSON_HEADERS, body: JSON.stringify({ ids }) });
        if (res.status === 404) throw new Error('This link no longer works: ask the studio for a new one.');
        if (!res.ok) throw new Error((await detailOf(res)) ?? '');
        saved = new Set(((await res.json()) as { ids: number[] }).ids);
        // Only a failure's message goes with the next success; the limit's stays until the next heart.
        if (failureShown) status.textContent = '';
        failureShown = false;
      } catch (err) {
        favs.clear();
        for (const id of saved) favs.add(id);
        paint();
        const why = err instanceof Error && err.message ? ` ${err.message}` : '';
        status.textContent = `Your favourites could not be saved, so the last change was undone.${why}`;
        failureShown = true;
      }
    });
    return saving;
  };
  const toggle = (id: number) => {
    if (selection.submitted) {
      status.textContent = SELECTION_MESSAGES.submitted;
      return;
    }
    if (!favs.has(id) && selection.limit !== null && favs.size >= selection.limit) {
      status.textContent = selectionFullMessage(selection.limit, favs.size);
      return;
    }
    if (!failureShown) status.textContent = '';
    if (!favs.delete(id)) favs.add(id);
    paint();
    clearTimeout(timer);
    timer = setTimeout(() => void save(), SAVE_DELAY_MS);
  };
  addEventListener('pagehide', () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    void fetch(deliveryPaths.favourites(token), {
      method: 'PUT',
      headers: JSON_HEADERS,
      body: JSON.stringify({ ids: Array.from(favs) }),
      keepalive: true,
    });
  });
  // The favourites' zip holds what is saved: save what is still waiting first.
  for (const favLink of favLinks) {
    favLink.addEventListener('click', (e) => {
      if (timer === undefined) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      void save().then(() => favLink.click());
    });
  }

  // The lightbox, over the photos shown (all, or the favourites).
  let dialog: HTMLDialogElement | null = null;
  let index = 0;
  const lb = {
    img: null as unknown as HTMLImageElement,
    count: null as unknown as HTMLElement,
    heart: null as unknown as HTMLButtonElement,
  };
  let photoLinks: HTMLAnchorElement[] = [];

  const show = async (i: number) => {
    const count = listTotal();
    index = (i + count) % count;
    await reach(index);
    const p = list[index];
    if (!p) return;
    lb.img.removeAttribute('srcset');
    lb.img.src = p.url;
    if (p.srcset) {
      lb.img.srcset = p.srcset;
      lb.img.sizes = '100vw';
    }
    lb.img.alt = p.name;
    dialog!.dataset.id = String(p.id);
    lb.heart.setAttribute('aria-label', favouriteLabel(p.name));
    lb.heart.setAttribute('aria-pressed', String(favs.has(p.id)));
    photoLinks.forEach((link, i) => {
      const size = sizes[i]!;
      link.href = size === 'original' ? deliveryPaths.original(token, p.id) : deliveryPaths.photo(token, p.id, size);
      link.setAttribute('aria-label', size === 'original' ? `Download the original of ${p.name}` : `Download ${p.name} (web size)`);
    });
    lb.count.textContent = `${index + 1} / ${count}`;
    selection.showNote(dialog!, p);
  };

  const build = (): HTMLDialogElement => {
    const d = document.createElement('dialog');
    d.className = 'lightbox';
    d.setAttribute('aria-label', 'Photo viewer');
    d.innerHTML =
      '<figure><img alt=""></figure>' +
      '<button type="button" class="lb-close" aria-label="Close">✕</button>' +
      '<button type="button" class="lb-prev" aria-label="Previous photo">‹</button>' +
      '<button type="button" class="lb-next" aria-label="Next photo">›</button>' +
      `<button type="button" class="heart" aria-pressed="false">${HEART_SVG}</button>` +
      (selection.enabled ? selection.noteHtml : '') +
      (sizes.length
        ? `<p class="lb-downloads">${sizes.map((size) => `<a download>${sizes.length > 1 ? (size === 'web' ? 'Web size' : 'Original') : 'Download'}</a>`).join('')}</p>`
        : '') +
      '<p class="lb-count" aria-live="polite"></p>';
    lb.img = d.querySelector('img')!;
    lb.count = d.querySelector('.lb-count')!;
    lb.heart = d.querySelector('.heart')!;
    photoLinks = Array.from(d.querySelectorAll<HTMLAnchorElement>('.lb-downloads a'));
    selection.wireNote(d);
    d.querySelector('.lb-close')!.addEventListener('click', () => d.close());
    d.querySelector('.lb-prev')!.addEventListener('click', () => void show(index - 1));
    d.querySelector('.lb-next')!.addEventListener('click', () => void show(index + 1));
    d.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowLeft') void show(index - 1);
      else if (e.key === 'ArrowRight') void show(index + 1);
      else if (e.key === 'Tab') {
        // A modal dialog lets Tab leave for the browser's own controls: keep it going round.
        const stops = Array.from(d.querySelectorAll<HTMLElement>('button, a[href], textarea:not([disabled])'));
        const at = stops.indexOf(document.activeElement as HTMLElement);
        const next = e.shiftKey ? (at <= 0 ? stops.length - 1 : at - 1) : at === stops.length - 1 ? 0 : at + 1;
        stops[next]!.focus();
      } else return;
      e.preventDefault();
    });
    d.addEventListener('click', (e) => {
      if (e.target === d || (e.target as HTMLElement).tagName === 'FIGURE') d.close();
    });
    let startX = 0;
    let startY = 0;
    d.addEventListener(
      'touchstart',
      (e) => {
        startX = e.touches[0]!.clientX;
        startY = e.touches[0]!.clientY;
      },
      { passive: true },
    );
    d.addEventListener('touchend', (e) => {
      const dx = e.changedTouches[0]!.clientX - startX;
      const dy = e.changedTouches[0]!.clientY - startY;
      if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy)) void show(dx < 0 ? index + 1 : index - 1);
    });
    // Back to the tile of the photo last seen (drawing the tiles up to it if need be).
    d.addEventListener('close', () => {
      while (rendered <= index && rendered < list.length) renderMore();
      grid.children[index]?.querySelector('a')?.focus();
    });
    document.body.append(d);
    return d;
  };

  document.addEventListener('click', (e) => {
    const target = e.target as Element;
    const heart = target.closest<HTMLButtonElement>('.heart');
    if (heart) {
      const id = Number(heart.closest<HTMLElement>('[data-id]')?.dataset.id);
      if (id) toggle(id);
      return;
    }
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = target.closest<HTMLAnchorElement>('a.dl-open');
    if (!link || !grid.contains(link)) return;
    e.preventDefault();
    dialog ??= build();
    void show(Array.from(grid.children).indexOf(link.closest('li')!));
    dialog.showModal();
  });
}

/**
 * A gallery with a download PIN: before the first download of the visit, a download link asks
 * the server (HEAD) whether the PIN's cookie is there; if not, a small dialog asks the PIN once,
 * then the download goes on. The cookie keeps it for later visits.
 */
function askPinBeforeDownloads(token: string): void {
  let confirmed = false;
  let dialog: HTMLDialogElement | null = null;
  let pending: string | null = null;

  const build = (): HTMLDialogElement => {
    const d = document.createElement('dialog');
    d.className = 'dl-pin';
    d.setAttribute('aria-labelledby', 'dl-pin-title');
    d.innerHTML =
      '<form method="dialog" class="enquiry">' +
      '<h2 id="dl-pin-title">Download PIN</h2>' +
      '<p class="field"><label for="dl-pin">Enter the four-digit PIN the studio gave you</label>' +
      '<input id="dl-pin" name="pin" inputmode="numeric" pattern="[0-9]{4}" maxlength="4" autocomplete="off" required aria-describedby="dl-pin-error">' +
      '<span class="error" id="dl-pin-error" role="alert"></span></p>' +
      '<p><button type="submit" class="button">Download</button> <button type="button" class="button button-quiet" data-cancel>Cancel</button></p>' +
      '</form>';
    const form = d.querySelector('form')!;
    const input = d.querySelector<HTMLInputElement>('input')!;
    const error = d.querySelector<HTMLElement>('.error')!;
    d.querySelector('[data-cancel]')!.addEventListener('click', () => d.close());
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      try {
        const res = await fetch(deliveryPaths.downloadPin(token), {
          method: 'POST',
          headers: JSON_HEADERS,
          body: JSON.stringify({ pin: input.value }),
        });
        if (res.ok) {
          confirmed = true;
          d.close();
          if (pending) location.assign(pending);
          return;
        }
        error.textContent = (await detailOf(res)) ?? 'The PIN could not be checked. Try again.';
      } catch {
        error.textContent = 'The PIN could not be checked. Check your connection and try again.';
      }
      input.setAttribute('aria-invalid', 'true');
      input.focus();
    });
    document.body.append(d);
    return d;
  };

  document.addEventListener('click', (e) => {
    if (confirmed || e.defaultPrevented) return;
    const link = (e.target as Element).closest<HTMLAnchorElement>('a[download]');
    if (!link?.href) return;
    e.preventDefault();
    const href = link.href;
    void fetch(href, { method: 'HEAD' }).then(
      (res) => {
        if (res.status !== 401) {
          confirmed = res.ok;
          location.assign(href);
          return;
        }
        pending = href;
        dialog ??= build();
        dialog.querySelector<HTMLElement>('.error')!.textContent = '';
        dialog.showModal();
      },
      () => location.assign(href),
    );
  });
}

/**
 * Proofing: the count of the list, "Submit selection", and a note per photo in the lightbox.
 * `flush` saves hearts still waiting, so what is submitted is what the visitor sees.
 */
function selectionBar(grid: HTMLElement, token: string, status: HTMLElement, flush: () => Promise<void>) {
  const bar = document.querySelector<HTMLElement>('[data-selection]');
  const chosen = bar?.querySelector<HTMLElement>('[data-chosen]');
  const submit = bar?.querySelector<HTMLButtonElement>('[data-submit]');
  const submittedText = bar?.querySelector<HTMLElement>('[data-submitted-text]');
  const notes = new Map<number, string>((JSON.parse(grid.dataset.notes || '[]') as [number, string][]).map(([id, text]) => [id, text]));
  const state = {
    enabled: !!bar,
    limit: grid.dataset.limit ? Number(grid.dataset.limit) : null,
    submitted: grid.dataset.submitted === '1',
    noteHtml:
      '<form class="lb-note"><p class="field"><label for="lb-note-text">Note for the studio</label>' +
      '<textarea id="lb-note-text" name="text" rows="2" maxlength="1000"></textarea></p>' +
      '<button type="submit" class="button">Save note</button></form>',
    paint(n: number) {
      if (chosen) chosen.textContent = `${n.toLocaleString('en')} ${n === 1 ? 'photo' : 'photos'} chosen`;
    },
    showNote(d: HTMLDialogElement, p: { id: number }) {
      const text = d.querySelector<HTMLTextAreaElement>('.lb-note textarea');
      if (!text) return;
      text.value = notes.get(p.id) ?? '';
      text.disabled = state.submitted;
    },
    wireNote(d: HTMLDialogElement) {
      const form = d.querySelector<HTMLFormElement>('.lb-note');
      if (!form) return;
      const text = form.querySelector('textarea')!;
      // Typing in the note must not turn the photo (the lightbox's arrow keys).
      text.addEventListener('keydown', (e) => {
        if (e.key.startsWith('Arrow')) e.stopPropagation();
      });
      form.addEventListener('submit', async (e) => {
        e.preventDefault();
        const id = Number(d.dataset.id);
        try {
          const res = await fetch(deliveryPaths.note(token, id), {
            method: 'PUT',
            headers: JSON_HEADERS,
            body: JSON.stringify({ text: text.value }),
          });
          if (!res.ok) throw new Error((await detailOf(res)) ?? '');
          const saved = (await res.json()) as { text: string };
          if (saved.text) notes.set(id, saved.text);
          else notes.delete(id);
          status.textContent = '';
          announce(saved.text ? 'Note saved.' : 'Note removed.');
        } catch (err) {
          const why = err instanceof Error && err.message ? ` ${err.message}` : '';
          announce(`The note could not be saved.${why}`);
        }
      });
      const live = document.createElement('p');
      live.className = 'lb-note-status';
      live.setAttribute('role', 'status');
      form.append(live);
      const announce = (words: string) => (live.textContent = words);
    },
  };
  submit?.addEventListener('click', async () => {
    submit.disabled = true;
    try {
      await flush();
      const res = await fetch(deliveryPaths.submit(token), { method: 'POST', headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error((await detailOf(res)) ?? 'Your selection could not be sent. Try again.');
      state.submitted = true;
      submit.hidden = true;
      if (submittedText) submittedText.hidden = false;
      status.textContent = '';
      submittedText?.focus();
    } catch (err) {
      status.textContent = err instanceof Error ? err.message : String(err);
    }
    submit.disabled = false;
  });
  return state;
}

unlockForm();
setTabs();
visitorForm();
gallery();
