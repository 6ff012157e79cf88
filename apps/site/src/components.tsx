import type { CSSProperties, ReactNode } from 'react';
import type { SiteImage } from '@darkroom/contracts';
import { GALLERY_PAGE_SIZE, type GalleryPage } from './model';

export interface ImgProps {
  image: SiteImage;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** The page's main image: fetched first, never lazy. */
  priority?: boolean;
  /** Fetched after the page's other images (a grid below the main one). */
  low?: boolean;
  /**
   * Its sources wait in `data-src`/`data-srcset` until the page's script sets them (with a
   * `<noscript>` copy beside it for pages read without JavaScript).
   */
  deferred?: boolean;
  className?: string;
}

/**
 * A photo that never shifts the layout (width/height), picks its size from the stored variants
 * (srcset/sizes), and shows its placeholder until it loads.
 */
export function Img({ image, alt, sizes, priority = false, low = false, deferred = false, className }: ImgProps) {
  const style: CSSProperties | undefined = image.placeholder ? { backgroundImage: `url(${image.placeholder})` } : undefined;
  const sources = deferred
    ? { 'data-src': image.url, 'data-srcset': image.srcset || undefined }
    : { src: image.url, srcSet: image.srcset || undefined };
  return (
    <img
      className={className ? `ph ${className}` : 'ph'}
      {...sources}
      sizes={image.srcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      style={style}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : low ? 'low' : undefined}
    />
  );
}

/** The largest variant's URL (what the lightbox shows). */
export function largest(image: SiteImage): string {
  const last = image.srcset.split(',').pop()?.trim().split(' ')[0];
  return last || image.url;
}

/**
 * A grid tile's aspect ratio (`--r`): the justified grid (site.css `.gallery`) sizes each photo
 * from it before the photo loads, so rows keep every photo whole and nothing shifts.
 */
export function ratioStyle(image: { width?: number | null; height?: number | null }): CSSProperties | undefined {
  if (!image.width || !image.height) return undefined;
  return { '--r': (image.width / image.height).toFixed(4) } as CSSProperties;
}

/** A page's top picture: the home page's is tall, the inner pages' a band that leaves room for their content. */
export function Hero({
  image,
  title,
  home = false,
  children,
}: {
  image: SiteImage | null;
  title: string;
  home?: boolean;
  children?: ReactNode;
}) {
  const className = ['hero', home ? 'hero-home' : 'hero-inner', image ? '' : 'hero-plain'].filter(Boolean).join(' ');
  return (
    <div className={className}>
      {image && <Img image={image} alt="" sizes="100vw" priority className="hero-img" />}
      <div className="hero-text">
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** How wide a justified grid's photo is drawn: about a third of the page, half a phone's width. */
export const GALLERY_SIZES = '(min-width: 1100px) 480px, (min-width: 700px) 40vw, 60vw';

/**
 * A gallery: each photo links to its largest size (so it opens without JavaScript); the client
 * script turns the links into a lightbox. Big galleries come a page at a time, with a link to
 * the next page that the script follows as the visitor scrolls.
 */
export function Gallery({ gallery, label, basePath }: { gallery: GalleryPage; label: string; basePath: string }) {
  if (!gallery.total) return <p className="muted">Photos are on their way.</p>;
  const first = (gallery.page - 1) * GALLERY_PAGE_SIZE + 1;
  return (
    <section aria-label={`${label}: photos`}>
      <ul className="gallery" data-gallery>
        {gallery.photos.map((p, i) => (
          <li key={p.id} id={`photo-${p.id}`} style={ratioStyle(p.image)}>
            <a
              href={largest(p.image)}
              data-lightbox
              data-photo={p.id}
              data-srcset={p.image.srcset}
              data-width={p.image.width}
              data-height={p.image.height}
            >
              <Img image={p.image} alt={`${label}, photo ${first + i}`} sizes={GALLERY_SIZES} />
            </a>
          </li>
        ))}
      </ul>
      <nav className="pager" aria-label={`${label}: more photos`}>
        {gallery.page > 1 && (
          <a href={gallery.page === 2 ? basePath : `${basePath}?page=${gallery.page - 1}`} rel="prev">
            Previous photos
          </a>
        )}
        {gallery.page < gallery.pages && (
          <a href={`${basePath}?page=${gallery.page + 1}`} rel="next" data-next-page>
            More photos
          </a>
        )}
      </nav>
    </section>
  );
}

export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i}>{p}</p>
        ))}
    </>
  );
}
