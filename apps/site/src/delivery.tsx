import { renderToString } from 'react-dom/server';
import { SELECTION_MESSAGES, type DeliveryGallery, type DeliveryPhoto } from '@darkroom/contracts';
import siteCss from './site.css?raw';
import deliveryCss from './delivery.css?raw';
import setsCss from './delivery-sets.css?raw';
import { SetDownloads, setHref, setPanelProps, SetTabs } from './delivery-sets';
import { Img, ratioStyle } from './components';
import { BrandHead, BrandMark, brandCss } from './brand';
import {
  DELIVERY_PAGE_SIZE,
  DELIVERY_TILE_SIZES,
  deliveryPaths,
  favouriteLabel,
  HEART_PATH,
  offeredSizes,
  SIZE_LABEL,
  type DeliveryLayout,
  type DeliveryPageModel,
} from './model';

/**
 * The customer's gallery at `/g/<token>/`: private (never indexed, no referrer, nothing from
 * another origin), drawn on the server with its first photos; the delivery script adds the
 * rest as the customer scrolls, the lightbox, favourites and the filter. The password form,
 * the visitor's name form and the photo links work without JavaScript.
 */

export function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={HEART_PATH} />
    </svg>
  );
}

/**
 * A photo of the grid. Its sources are set by the page's script once the cover has been drawn:
 * a phone's browser fetches every tile within its lazy-loading distance (17 of them) at once, and
 * on Lighthouse's slow line they shared the bandwidth with the cover, drawn at 4.1 s instead of
 * 1.8 s. Without JavaScript, the `<noscript>` copy is the photo (the head's style hides the other).
 */
function Tile({ photo }: { photo: DeliveryPhoto }) {
  const image = { ...photo, square: null, wide: null };
  return (
    <li data-id={photo.id} style={ratioStyle(photo)}>
      <a href={photo.url} className="dl-open">
        <Img image={image} alt={photo.name} sizes={DELIVERY_TILE_SIZES} low deferred />
        <noscript>
          <Img image={image} alt={photo.name} sizes={DELIVERY_TILE_SIZES} low />
        </noscript>
      </a>
      <button type="button" className="heart" aria-pressed={photo.favourite} aria-label={favouriteLabel(photo.name)}>
        <HeartIcon />
      </button>
    </li>
  );
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function OpenGallery({ model }: { model: Extract<DeliveryPageModel, { kind: 'open' }> }) {
  const { gallery, token } = model;
  // The gallery holds one page of photos (`page`), and the whole gallery's total and favourites.
  const { total, page } = { total: gallery.total, page: model.page };
  const pages = Math.max(1, Math.ceil(total / DELIVERY_PAGE_SIZE));
  const shown = gallery.photos;
  const favourites = gallery.favourite_ids;
  const cover = gallery.cover;
  const sizes = offeredSizes(gallery.download_size);
  const selection = gallery.selection;
  return (
    <>
      <div className={cover ? 'hero dl-hero' : 'hero dl-hero hero-plain'}>
        {cover && <Img image={cover} alt="" sizes="100vw" priority className="hero-img" />}
        <div className="hero-text">
          <h1>{gallery.title}</h1>
          <p className="lead">{count(gallery.all_total, 'photo', 'photos')}</p>
        </div>
      </div>
      <SetTabs gallery={gallery} />
      <div className="wrap dl-wrap" {...setPanelProps(gallery)}>
        <div className="dl-tools">
          <div className="dl-filter" role="group" aria-label="Show">
            <button type="button" className="chip" aria-pressed="true" data-filter="all">
              All photos <span className="n">{total.toLocaleString('en')}</span>
            </button>
            <button type="button" className="chip" aria-pressed="false" data-filter="favourites">
              Favourites{' '}
              <span className="n" data-fav-count>
                {favourites.length.toLocaleString('en')}
              </span>
            </button>
          </div>
          {gallery.allow_download && (
            <div className="dl-downloads">
              <SetDownloads gallery={gallery} token={token} sizes={sizes} />
              {sizes.map((size) => (
                <a key={size} className="button" href={deliveryPaths.download(token, false, sizes.length > 1 ? size : undefined)} download>
                  Download all{sizes.length > 1 ? ` (${SIZE_LABEL[size]})` : ''}
                </a>
              ))}
              {sizes.map((size) => (
                <a
                  key={`fav-${size}`}
                  className="button button-quiet"
                  href={deliveryPaths.download(token, true, sizes.length > 1 ? size : undefined)}
                  download
                  data-download-favourites
                  hidden={favourites.length === 0}
                >
                  Download favourites{sizes.length > 1 ? ` (${SIZE_LABEL[size]})` : ''}
                </a>
              ))}
            </div>
          )}
        </div>
        <SelectionBar selection={selection} count={favourites.length} />
        <p className="dl-status" role="alert" data-status></p>
        {total === 0 ? (
          <p className="muted">Your photos are on their way.</p>
        ) : (
          <section aria-label="Photos">
            <ul
              className="gallery dl-grid"
              data-delivery={token}
              data-total={total}
              data-first={(page - 1) * DELIVERY_PAGE_SIZE}
              data-favourites={favourites.join(',')}
              data-downloads={gallery.allow_download ? sizes.join(',') : undefined}
              data-pin={gallery.allow_download && gallery.download_pin ? '1' : undefined}
              data-set={gallery.set ?? undefined}
              data-limit={selection.selection_limit ?? undefined}
              data-submitted={selection.submitted_at ? '1' : undefined}
              data-notes={selection.notes.length ? JSON.stringify(selection.notes.map((n) => [n.photo_id, n.text])) : undefined}
            >
              {shown.map((p) => (
                <Tile key={p.id} photo={p} />
              ))}
            </ul>
            <nav className="pager" aria-label="More photos" data-pager>
              {page > 1 && (
                <a href={setHref(gallery.set, page - 1)} rel="prev">
                  Previous photos
                </a>
              )}
              {page < pages && (
                <a href={setHref(gallery.set, page + 1)} rel="next">
                  More photos
                </a>
              )}
            </nav>
          </section>
        )}
      </div>
    </>
  );
}

/**
 * Proofing: whose list this is, its limit, and "Submit selection" (or the word that it was
 * sent). The script sends it and keeps the words true as hearts change.
 */
function SelectionBar({ selection, count: chosen }: { selection: DeliveryGallery['selection']; count: number }) {
  const limit = selection.selection_limit;
  return (
    <div className="dl-selection" data-selection>
      <p className="muted">
        {selection.visitor ? `Selecting as ${selection.visitor.name}. ` : ''}
        {limit !== null ? `Choose up to ${count(limit, 'photo', 'photos')}: ` : ''}
        <span data-chosen>{`${count(chosen, 'photo', 'photos')} chosen`}</span>
      </p>
      <p className="dl-submitted" data-submitted-text tabIndex={-1} hidden={!selection.submitted_at}>
        {SUBMITTED_TEXT}
      </p>
      <button type="button" className="button" data-submit hidden={!!selection.submitted_at}>
        Submit selection
      </button>
    </div>
  );
}

const SUBMITTED_TEXT = SELECTION_MESSAGES.submitted;

/**
 * A gallery that asks each visitor's name and e-mail: the visitor keeps their own list. A plain
 * form post without JavaScript (a 303 back to the page, or this form again with its messages, the
 * first wrong field focused); the script sends the same fields as JSON.
 */
function RegisterGallery({ model }: { model: Extract<DeliveryPageModel, { kind: 'register' }> }) {
  const { values, errors, failure } = model.form;
  const first = (['name', 'email'] as const).find((f) => errors[f]);
  const field = (name: 'name' | 'email') => ({
    id: `dl-${name}`,
    name,
    required: true,
    defaultValue: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `dl-${name}-error`,
    autoFocus: first === name || undefined,
  });
  return (
    <div className="wrap dl-locked">
      <h1>{model.title}</h1>
      <p>Tell the studio who you are to see the photos and choose your favourites. Your list is yours alone.</p>
      <form
        method="post"
        action={deliveryPaths.visitor(model.token)}
        className="enquiry"
        noValidate
        data-visitor={deliveryPaths.visitor(model.token)}
      >
        {failure && (
          <p className="form-failure" role="alert" tabIndex={-1} autoFocus={!first || undefined}>
            {failure}
          </p>
        )}
        <p className="field">
          <label htmlFor="dl-name">Your name</label>
          <input {...field('name')} autoComplete="name" maxLength={200} />
          <span className="error" id="dl-name-error" role="alert" data-error="name">
            {errors.name ?? ''}
          </span>
        </p>
        <p className="field">
          <label htmlFor="dl-email">Your e-mail</label>
          <input {...field('email')} type="email" autoComplete="email" maxLength={254} />
          <span className="error" id="dl-email-error" role="alert" data-error="email">
            {errors.email ?? ''}
          </span>
        </p>
        <p>
          <button type="submit" className="button">
            See the photos
          </button>
        </p>
      </form>
    </div>
  );
}

const EXPIRED_HEADING = 'This gallery has expired';

/** A gallery past its last day: who to ask for the photos. */
function ExpiredGallery({ studio, contact }: { studio: string; contact: { email: string; phone: string } }) {
  return (
    <div className="wrap dl-locked">
      <h1>{EXPIRED_HEADING}</h1>
      <p>To see these photos again, get in touch with {studio}.</p>
      <ul className="dl-contact">
        <li>{studio}</li>
        {contact.email && (
          <li>
            E-mail: <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </li>
        )}
        {contact.phone && (
          <li>
            Phone: <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>{contact.phone}</a>
          </li>
        )}
      </ul>
    </div>
  );
}

function LockedGallery({ model }: { model: Extract<DeliveryPageModel, { kind: 'locked' }> }) {
  return (
    <div className="wrap dl-locked">
      <h1>A private gallery</h1>
      <p>Enter the password the studio gave you to see the photos.</p>
      <form method="post" action={deliveryPaths.page(model.token)} className="enquiry" data-unlock={deliveryPaths.unlock(model.token)}>
        <p className="field">
          <label htmlFor="dl-password">Password</label>
          <input
            id="dl-password"
            name="password"
            type="password"
            required
            autoComplete="current-password"
            aria-invalid={model.error ? true : undefined}
            aria-describedby="dl-password-error"
          />
          <span className="error" id="dl-password-error" role="alert" data-error>
            {model.error ?? ''}
          </span>
        </p>
        <p>
          <button type="submit" className="button">
            Open the gallery
          </button>
        </p>
      </form>
    </div>
  );
}

function DeliveryDocument({ model, layout }: { model: DeliveryPageModel; layout: DeliveryLayout }) {
  const open = model.kind === 'open' ? model : null;
  const title = open
    ? `${open.gallery.title} | ${layout.studio}`
    : model.kind === 'expired'
      ? `${EXPIRED_HEADING} | ${layout.studio}`
      : model.kind === 'register'
        ? `${model.title} | ${layout.studio}`
        : `A private gallery | ${layout.studio}`;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <meta name="theme-color" content="#1d1b19" />
        <BrandHead brand={layout.brand} />
        {/* React hoists the cover's preload (its fetchPriority) into the head. */}
        <style dangerouslySetInnerHTML={{ __html: siteCss + deliveryCss + setsCss + brandCss(layout.brand) }} />
        <noscript>
          <style>{'.heart,.dl-filter,img[data-src]{display:none}'}</style>
        </noscript>
        {layout.script && <script type="module" src={layout.script} />}
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to content
        </a>
        <header className="bar">
          <a className="brand" href="/">
            <BrandMark brand={layout.brand} studio={layout.studio} />
          </a>
        </header>
        <main id="main">
          {open ? (
            <OpenGallery model={open} />
          ) : model.kind === 'locked' ? (
            <LockedGallery model={model} />
          ) : model.kind === 'register' ? (
            <RegisterGallery model={model} />
          ) : (
            model.kind === 'expired' && <ExpiredGallery studio={layout.studio} contact={model.contact} />
          )}
        </main>
      </body>
    </html>
  );
}

/** The whole HTML document of a customer's gallery page (open or locked). */
export function renderDeliveryPage(model: DeliveryPageModel, layout: DeliveryLayout): string {
  return `<!doctype html>${renderToString(<DeliveryDocument model={model} layout={layout} />)}`;
}
