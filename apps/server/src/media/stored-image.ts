/** One uploaded image as the database records it. Keys are paths under the media root. */
export interface StoredImage {
  /** The original file, byte for byte. */
  original: string;
  mime: 'image/jpeg' | 'image/png';
  bytes: number;
  sha256: string;
  /** Dimensions after EXIF orientation. */
  width: number;
  height: number;
  /** Responsive WebP widths, smallest first. */
  variants: { width: number; height: number; key: string }[];
  /** Square crop (WebP). */
  square?: string;
  /** 16:9 crop (WebP). */
  wide?: string;
  /** Tiny placeholder as a data: URL, shown while the real image loads. */
  placeholder?: string;
  /** The placeholder's source: a thumbhash in base64 (~30 bytes). */
  thumbhash?: string;
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
