/** What an asset's `variants` column holds: the keys of its files under the media root. */
export interface AssetVariants {
  /** The original file, byte for byte. */
  original: string;
  /** Responsive WebP widths, smallest first. */
  widths: { width: number; height: number; key: string }[];
  /** Square crop (WebP). */
  square?: string;
  /** 16:9 crop (WebP). */
  wide?: string;
  /** 1200x630 JPEG for link previews, derived when first asked for (og-image.ts). */
  og?: string;
  /** The placeholder's source: a thumbhash in base64 (~30 bytes). */
  thumbhash?: string;
  /** A logo's own files (brand-files.ts), made when it is first used as the studio's logo. */
  brand?: BrandFiles;
  /** Preview widths with the studio's watermark (under `w/`, never public), for watermarked client galleries. */
  watermarked?: WatermarkedVariants;
}

/** A logo's files: header WebPs with transparency (1x-3x), the e-mail PNG and the favicons (PNG). */
export interface BrandFiles {
  logo: { width: number; height: number; key: string }[];
  logoPng: string;
  icon32: string;
  icon180: string;
}

/** A photo's watermarked preview widths and the watermark (`sig`) they carry. */
export interface WatermarkedVariants {
  sig: string;
  widths: { width: number; height: number; key: string }[];
  /** Only the grid's width so far (a first page's first pass): the other widths follow. */
  partial?: true;
}

/** Whether an asset's derived files exist: a gallery photo's are made by a job after its upload. */
export type AssetState = 'processing' | 'ready' | 'failed';

/** One stored image (a `media_assets` row) as services use it. Keys are paths under the media root. */
export interface StoredImage {
  /** The asset's id; 0 for an image processed but not recorded yet. */
  id: number;
  /** The original file, byte for byte. */
  original: string;
  mime: 'image/jpeg' | 'image/png';
  bytes: number;
  sha256: string;
  /** CRC-32 of the original, known since ingest (older assets learn it when uploaded again). */
  crc32?: number;
  /** Dimensions after EXIF orientation. */
  width: number;
  height: number;
  /** Responsive WebP widths, smallest first. */
  variants: { width: number; height: number; key: string }[];
  /** Square crop (WebP). */
  square?: string;
  /** 16:9 crop (WebP). */
  wide?: string;
  /** 1200x630 JPEG for link previews, once derived. */
  og?: string;
  /** Tiny placeholder as a data: URL, shown while the real image loads. */
  placeholder?: string;
  /** The placeholder's source: a thumbhash in base64 (~30 bytes). */
  thumbhash?: string;
  /** Watermarked preview widths, once made. */
  watermarked?: WatermarkedVariants;
  /** Left out: `ready`. A `processing` image has its original only (no variants yet). */
  state?: AssetState;
  /** Why a `failed` image failed, as the portal shows it. */
  error?: string;
  /** A logo's own files, once made. */
  brand?: BrandFiles;
}

/** How an image is presented in API responses. */
export interface ImageView {
  url: string;
  width: number;
  height: number;
  srcset: string;
  placeholder: string | null;
  square: string | null;
  wide: string | null;
}
