/** Business constants from the spec, plus server-side guards the spec leaves open. */
export const NOTIFICATION_HIDE_MS = 4000;
export const UPDATE_DIALOG_CLOSE_MS = 3000;

export const IMAGE_ACCEPT = '.jpg,.jpeg,.png';
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const;

/** Largest single upload accepted, in bytes. */
export const MAX_IMAGE_BYTES = 60 * 1024 * 1024;
/** Largest decoded image accepted (guards against decompression bombs). */
export const MAX_IMAGE_PIXELS = 120_000_000;

/** Minimum dimensions per use; smaller images fail with 'Please upload recommended image dimension'. */
export const MIN_IMAGE_DIMENSIONS = {
  serviceCover: { width: 600, height: 400 },
  pageImage: { width: 1280, height: 720 },
  aboutImage: { width: 400, height: 300 },
  carouselImage: { width: 1280, height: 600 },
  homeGalleryImage: { width: 400, height: 300 },
  loveStoryCover: { width: 600, height: 400 },
  clientGalleryCover: { width: 600, height: 400 },
  teamProfile: { width: 200, height: 200 },
  servicePageImage: { width: 600, height: 400 },
  galleryPhoto: { width: 200, height: 200 },
  /** The studio's logo (Site settings > Branding): small, often wide, its favicon made from it. */
  logo: { width: 64, height: 32 },
  /** The studio's watermark logo (a PNG kept as uploaded). */
  watermarkLogo: { width: 16, height: 16 },
} as const;
export type ImageUse = keyof typeof MIN_IMAGE_DIMENSIONS;

export const CAROUSEL_HEADER_MAX = 15;
export const CAROUSEL_TITLE_MAX = 15;
export const CAROUSEL_MESSAGE_MAX = 40;

export const PAGE_IMAGE_ASPECT = 16 / 9;

/** Text limits the spec leaves open; generous, but bounded. */
export const TEXT_MAX = { short: 150, medium: 255, long: 5000 } as const;

export const EMAIL_RECIPIENT_MENU_MAX_HEIGHT = 224;
