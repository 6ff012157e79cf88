// The gallery pieces every area with photos uses (services, love stories, client galleries).
export { GalleryPhotosPage } from './gallery-photos-page';
export { GalleryTable } from './lazy-gallery-table';
export { GalleryUploadDialog } from './gallery-upload-dialog';
export { openGalleryViewer, readGalleryRef } from './open-gallery-viewer';
export { PhotoGrid, type GridMode } from './photo-grid';
export { ProgressiveImage } from './progressive-image';
export { useGalleryPhotos, useGalleryLookup, useDeletePhotos, useSaveOrder } from './gallery-api';
