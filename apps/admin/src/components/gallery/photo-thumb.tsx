import { CircularProgress } from '@mui/material';
import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import { GALLERY_MESSAGES, type GalleryPhoto } from '@darkroom/contracts';
import { ProgressiveImage } from './progressive-image';

export interface PhotoThumbProps {
  photo: Pick<GalleryPhoto, 'state' | 'error' | 'land_scape_img_view'>;
  alt: string;
  sizes: string;
  eager?: boolean;
  style?: React.CSSProperties;
}

const box: React.CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 4,
  width: '100%',
  height: '100%',
  padding: 4,
  boxSizing: 'border-box',
  textAlign: 'center',
  fontSize: 12,
  lineHeight: 1.2,
  backgroundColor: 'rgba(127,127,127,.15)',
};

/**
 * A photo's image once derived; while its derived files are being made, a spinner saying so,
 * and when they could not be, a broken-image sign with the reason (the photo can be removed).
 */
export function PhotoThumb({ photo, alt, sizes, eager, style }: PhotoThumbProps) {
  if (photo.state === 'processing') {
    return (
      <span role="status" aria-label={`${alt}: ${GALLERY_MESSAGES.processing}`} data-state="processing" style={{ ...box, ...style }}>
        <CircularProgress size={20} aria-hidden />
        <span aria-hidden>{GALLERY_MESSAGES.processing}</span>
      </span>
    );
  }
  if (photo.state === 'failed') {
    return (
      <span data-state="failed" title={photo.error ?? undefined} style={{ ...box, color: '#d32f2f', ...style }}>
        <BrokenImageOutlinedIcon fontSize="small" aria-hidden />
        <span style={{ overflow: 'hidden', maxHeight: '100%' }}>{photo.error}</span>
      </span>
    );
  }
  return <ProgressiveImage view={photo.land_scape_img_view} alt={alt} sizes={sizes} eager={eager} style={style} />;
}
