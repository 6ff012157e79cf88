// The gallery pieces every area with photos uses (services, love stories, client galleries).
export { GalleryManager, type GalleryManagerProps } from './gallery-manager';
export { GalleryPhotosPage, type GalleryPhotosPageProps } from './gallery-photos-page';
export { GalleryTable } from './lazy-gallery-table';
export type { GalleryTableProps } from './gallery-table';
export { GalleryUploadDialog, type GalleryUploadDialogProps } from './gallery-upload-dialog';
export { openGalleryViewer, galleryViewerPath, readGalleryRef, type GalleryRef } from './open-gallery-viewer';
export { PhotoGrid, type GridMode, type PhotoGridProps } from './photo-grid';
export { ProgressiveImage } from './progressive-image';
export { galleryKeys, useGalleryPhotos, useGalleryLookup, useDeletePhotos, useSaveOrder, deletePhotos } from './gallery-api';
