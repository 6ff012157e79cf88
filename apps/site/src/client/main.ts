// The public site's only script: a progressive enhancement. Every page works without it.
// - Galleries: links to full-size photos open in a lightbox (keyboard, buttons and swipe).
// - Big galleries: the "More photos" link is followed as the visitor scrolls (or clicks it).
// - The home page's Moments strip: arrows; the phone's menu: Escape closes it.
// - The enquiry form: sent with fetch, field messages shown in place, thanks without a reload.
// - The client gallery form: the same, for the e-mail that asks for a customer's gallery links.

type Item = { href: string; srcset: string; alt: string; photo: string | undefined };

/** A photo's own address: `#photo-<id>` opens the lightbox on it (and, without script, scrolls to it). */
const PHOTO_HASH = /^#photo-(\d+)$/;

function lightbox(): void {
  let dialog: HTMLDialogElement | null = null;
  let img: HTMLImageElement;
  let count: HTMLParagraphElement;
  let items: Item[] = [];
  let links: HTMLAnchorElement[] = [];
  let index = 0;

  const show = (i: number) => {
    index = (i + items.length) % items.length;
    const item = items[index]!;
    img.removeAttribute('srcset');
    img.src = item.href;
    if (item.srcset) {
      img.srcset = item.srcset;
      img.sizes = '100vw';
    }
    img.alt = item.alt;
    count.textContent = `${index + 1} / ${items.length}`;
    // The address names the photo shown, to share or come back to (replaced: Back leaves the viewer's page).
    if (item.photo) history.replaceState(history.state, '', `#photo-${item.photo}`);
  };

  const build = () => {
    dialog = document.createElement('dialog');
    dialog.className = 'lightbox';
    dialog.setAttribute('aria-label', 'Photo viewer');
    dialog.innerHTML =
      '<figure><img alt=""></figure>' +
      '<button type="button" class="lb-close" aria-label="Close">✕</button>' +
      '<button type="button" class="lb-prev" aria-label="Previous photo">‹</button>' +
      '<button type="button" class="lb-next" aria-label="Next photo">›</button>' +
      '<p class="lb-count" aria-live="polite"></p>';
    img = dialog.querySelector('img')!;
    count = dialog.querySelector('.lb-count')!;
    dialog.querySelector('.lb-close')!.addEventListener('click', () => dialog!.close());
    dialog.querySelector('.lb-prev')!.addEventListener('click', () => show(index - 1));
    dialog.querySelector('.lb-next')!.addEventListener('click', () => show(index + 1));
    dialog.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowLeft') show(index - 1);
      else if (e.key === 'ArrowRight') show(index + 1);
      else return;
      e.preventDefault();
    });
    dialog.addEventListener('click', (e) => {
      if (e.target === dialog || (e.target as HTMLElement).tagName === 'FIGURE') dialog!.close();
    });
    let startX = 0;
    let startY = 0;
    dialog.addEventListener(
      'touchstart',
      (e) => {
        startX = e.touches[0]!.clientX;
        startY = e.touches[0]!.clientY;
      },
      { passive: true },
    );
    dialog.addEventListener('touchend', (e) => {
      const dx = e.changedTouches[0]!.clientX - startX;
      const dy = e.changedTouches[0]!.clientY - startY;
      if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy)) show(dx < 0 ? index + 1 : index - 1);
    });
    // Focus goes back to the photo last shown (not the one first opened), and the address to the page's.
    dialog.addEventListener('close', () => {
      if (PHOTO_HASH.test(location.hash)) history.replaceState(history.state, '', location.pathname + location.search);
      const link = links[index];
      link?.focus({ preventScroll: true });
      link?.scrollIntoView({ block: 'nearest' });
    });
    document.body.append(dialog);
  };

  const open = (link: HTMLAnchorElement) => {
    const gallery = link.closest('[data-gallery]');
    links = Array.from((gallery ?? document).querySelectorAll<HTMLAnchorElement>('a[data-lightbox]'));
    items = links.map((a) => ({
      href: a.href,
      srcset: a.dataset.srcset ?? '',
      alt: a.querySelector('img')?.alt ?? '',
      photo: a.dataset.photo,
    }));
    if (!dialog) build();
    show(links.indexOf(link));
    if (!dialog!.open) dialog!.showModal();
  };

  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = (e.target as Element).closest<HTMLAnchorElement>('a[data-lightbox]');
    if (!link) return;
    e.preventDefault();
    open(link);
  });

  // A shared address opens the viewer on its photo (when that photo is on this page).
  const fromHash = () => {
    const id = PHOTO_HASH.exec(location.hash)?.[1];
    const link = id ? document.querySelector<HTMLAnchorElement>(`a[data-lightbox][data-photo="${id}"]`) : null;
    if (link) open(link);
  };
  window.addEventListener('hashchange', fromHash);
  fromHash();
}

function endlessGalleries(): void {
  if (!('IntersectionObserver' in window)) return;
  for (const next of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[data-next-page]'))) {
    const section = next.closest('section');
    const list = section?.querySelector('[data-gallery]');
    if (!section || !list) continue;
    // Appends the page the link names; the link then names the page after it (read from the
    // page just loaded, resolved against its own address), or goes when there is none.
    const fetchMore = async () => {
      const res = await fetch(next.href, { headers: { accept: 'text/html' } });
      if (!res.ok) return;
      const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
      const more = doc.querySelector('[data-gallery]');
      if (more) list.append(...Array.from(more.children));
      const following = doc.querySelector<HTMLAnchorElement>('a[data-next-page]')?.getAttribute('href');
      if (following) next.href = new URL(following, res.url).href;
      else {
        observer.disconnect();
        next.remove();
      }
    };
    // One page at a time: a click while the scroll's page is on its way waits for that page.
    let pending: Promise<void> | null = null;
    const loadMore = (): Promise<void> => {
      if (!next.isConnected) return Promise.resolve();
      pending ??= fetchMore().finally(() => {
        pending = null;
        // Still in reach after the append (a tall screen, short pages): the observer reports
        // only changes, so it is asked again rather than leaving the link to drop the loaded photos.
        if (next.isConnected) {
          observer.unobserve(next);
          observer.observe(next);
        }
      });
      return pending;
    };
    const observer = new IntersectionObserver((entries) => void (entries.some((en) => en.isIntersecting) && loadMore()), {
      rootMargin: '800px 0px',
    });
    observer.observe(next);
    // Followed by hand (a keyboard, a click before the scroll), the link appends in place too:
    // going to its page would show that page's photos alone.
    next.addEventListener('click', (e) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      const before = list.children.length;
      void loadMore().then(() => {
        // Focus moves to the first photo appended, where reading goes on.
        list.children[before]?.querySelector<HTMLElement>('a')?.focus();
      });
    });
  }
}

/** Brings an element into the middle of the view and focuses it: on a phone the form's top is far above the button. */
function bringToView(el: HTMLElement): void {
  el.scrollIntoView({ block: 'center' });
  el.focus({ preventScroll: true });
}

function enquiryForm(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-enquiry]');
  if (!form || !window.fetch) return;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
    const failure = form.querySelector<HTMLElement>('[data-form-failure]')!;
    const body = Object.fromEntries(new FormData(form).entries());
    button.disabled = true;
    failure.textContent = '';
    try {
      const res = await fetch(form.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      let firstInvalid: HTMLElement | null = null;
      for (const el of Array.from(form.querySelectorAll<HTMLElement>('[data-error-for]'))) {
        const field = el.dataset.errorFor!;
        const messages = res.status === 400 ? (answer[field] as string[] | undefined) : undefined;
        el.textContent = messages?.[0] ?? '';
        const input = form.querySelector<HTMLElement>(`[name="${field}"]`);
        if (messages) input?.setAttribute('aria-invalid', 'true');
        else input?.removeAttribute('aria-invalid');
        if (messages && !firstInvalid) firstInvalid = input;
      }
      if (res.ok) {
        const thanks = document.createElement('div');
        thanks.className = 'thanks';
        thanks.id = 'enquiry';
        thanks.tabIndex = -1;
        thanks.setAttribute('role', 'status');
        thanks.innerHTML = '<h2>Thank you</h2><p>Your enquiry has been received. We will write back soon.</p>';
        form.replaceWith(thanks);
        bringToView(thanks);
        return;
      }
      if (firstInvalid) return bringToView(firstInvalid);
      failure.textContent = typeof answer.detail === 'string' ? answer.detail : 'Your enquiry could not be sent. Try again.';
      bringToView(failure);
    } catch {
      failure.textContent = 'Your enquiry could not be sent. Check your connection and try again.';
      bringToView(failure);
    } finally {
      button.disabled = false;
    }
  });
}

function galleryLinksForm(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-gallery-links]');
  if (!form || !window.fetch) return;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
    const failure = form.querySelector<HTMLElement>('[data-form-failure]')!;
    const input = form.querySelector<HTMLInputElement>('input[name=email]')!;
    const error = form.querySelector<HTMLElement>('[data-error-for=email]')!;
    button.disabled = true;
    failure.textContent = '';
    try {
      const res = await fetch(form.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email: input.value }),
      });
      const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      const message = res.status === 400 ? (answer.email as string[] | undefined)?.[0] : undefined;
      error.textContent = message ?? '';
      if (message) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
      if (res.ok) {
        const thanks = document.createElement('div');
        thanks.className = 'thanks';
        thanks.id = 'gallery-links';
        thanks.setAttribute('role', 'status');
        thanks.tabIndex = -1;
        thanks.innerHTML = '<h2>Check your inbox</h2><p></p>';
        thanks.querySelector('p')!.textContent = form.dataset.thanks ?? '';
        form.replaceWith(thanks);
        thanks.focus();
        return;
      }
      if (message) input.focus();
      else {
        failure.textContent = typeof answer.detail === 'string' ? answer.detail : 'Your request could not be sent. Try again.';
        failure.scrollIntoView({ block: 'center' });
      }
    } catch {
      failure.textContent = 'Your request could not be sent. Check your connection and try again.';
    } finally {
      button.disabled = false;
    }
  });
}

/** The home page's Moments strip: arrow buttons, shown only when there is more than fits. */
function slideArrows(): void {
  const strip = document.querySelector<HTMLElement>('[data-slides]');
  const nav = document.querySelector<HTMLElement>('[data-slides-nav]');
  if (!strip || !nav) return;
  const prev = nav.querySelector<HTMLButtonElement>('[data-slides-prev]')!;
  const next = nav.querySelector<HTMLButtonElement>('[data-slides-next]')!;
  const update = () => {
    const max = strip.scrollWidth - strip.clientWidth;
    nav.hidden = max <= 1;
    prev.disabled = strip.scrollLeft <= 1;
    next.disabled = strip.scrollLeft >= max - 1;
  };
  const step = (dir: number) => {
    const slide = strip.querySelector<HTMLElement>('li');
    const gap = parseFloat(getComputedStyle(strip).columnGap) || 0;
    const behavior = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
    strip.scrollBy({ left: dir * ((slide?.offsetWidth ?? strip.clientWidth) + gap), behavior });
  };
  prev.addEventListener('click', () => step(-1));
  next.addEventListener('click', () => step(1));
  strip.addEventListener('scroll', update, { passive: true });
  window.addEventListener('resize', update);
  update();
}

/** The phone's folded menu closes with Escape, focus back on its button. */
function menuFold(): void {
  const menu = document.querySelector<HTMLDetailsElement>('details[data-menu]');
  menu?.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !menu.open) return;
    menu.open = false;
    menu.querySelector('summary')?.focus();
  });
}

lightbox();
endlessGalleries();
slideArrows();
menuFold();
enquiryForm();
galleryLinksForm();
