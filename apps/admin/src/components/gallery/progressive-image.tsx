import { useState, type CSSProperties } from 'react';
import type { GalleryImageView } from '@darkroom/contracts';

export interface ProgressiveImageProps {
  view: Pick<GalleryImageView, 'url' | 'srcset' | 'placeholder'>;
  alt: string;
  /** The rendered width, so the browser picks the right file from srcset. */
  sizes: string;
  fit?: 'cover' | 'contain';
  eager?: boolean;
  style?: CSSProperties;
}

/**
 * A lazily loaded image over its tiny placeholder: the blurred thumbhash shows at once, the
 * right-sized WebP from srcset fades in when it arrives.
 */
export function ProgressiveImage({ view, alt, sizes, fit = 'cover', eager = false, style }: ProgressiveImageProps) {
  const [loaded, setLoaded] = useState(false);
  return (
    <span
      style={{
        display: 'block',
        position: 'relative',
        width: '100%',
        height: '100%',
        overflow: 'hidden',
        backgroundColor: 'rgba(127,127,127,.15)',
        backgroundImage: view.placeholder && !loaded ? `url("${view.placeholder}")` : undefined,
        backgroundSize: fit,
        backgroundPosition: 'center',
        backgroundRepeat: 'no-repeat',
        ...style,
      }}
    >
      <img
        src={view.url}
        srcSet={view.srcset || undefined}
        sizes={sizes}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        draggable={false}
        onLoad={() => setLoaded(true)}
        style={{
          display: 'block',
          width: '100%',
          height: '100%',
          objectFit: fit,
          opacity: loaded ? 1 : 0,
          transition: 'opacity .25s ease-out',
        }}
      />
    </span>
  );
}
