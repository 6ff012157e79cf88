import { imageView, type KeyUrl } from './image-pipeline';
import type { ImageView, StoredImage } from './stored-image';

export type ImageFields<F extends string> = Record<F, string> & Record<`${F}_view`, ImageView>;
export type OptionalImageFields<F extends string> = Record<F, string | null> & Record<`${F}_view`, ImageView | null>;

export interface ImageFieldOptions {
  /** Put the 16:9 crop's URL in `<field>` (pages shown as wide banners), the display URL otherwise. */
  wide?: boolean;
  /** URLs of a private image (the portal's signed ones); public `/media/` by default. */
  url?: KeyUrl;
}

/**
 * The response convention for an image column: the spec's `<field>` holds the URL and
 * `<field>_view` the srcset/placeholder view the portal renders. A missing image gives nulls.
 */
export function imageFields<F extends string>(field: F, img: StoredImage, opts?: ImageFieldOptions): ImageFields<F>;
export function imageFields<F extends string>(field: F, img: StoredImage | null, opts?: ImageFieldOptions): OptionalImageFields<F>;
export function imageFields<F extends string>(field: F, img: StoredImage | null, opts: ImageFieldOptions = {}): OptionalImageFields<F> {
  const view = img ? imageView(img, opts.url) : null;
  const url = view ? (opts.wide ? (view.wide ?? view.url) : view.url) : null;
  return { [field]: url, [`${field}_view`]: view } as OptionalImageFields<F>;
}
