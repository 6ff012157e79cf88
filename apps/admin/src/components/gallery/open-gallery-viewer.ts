import type { NavigateFunction } from 'react-router';
import { GALLERY_TYPES, type GalleryType } from '@darkroom/contracts';

/** What /view-gallery receives in the navigation state. */
export interface GalleryRef {
  type: GalleryType;
  id: number;
  title: string;
}

/**
 * `/view-gallery?{type}={title}&id={id}`: the query alone is enough after a reload or for a
 * bookmark, and the id makes it open the gallery it was made for even when two share a name.
 */
export function galleryViewerPath(ref: Pick<GalleryRef, 'type' | 'title'> & { id?: number }): string {
  const query: Record<string, string> = { [ref.type]: ref.title };
  if (ref.id) query.id = String(ref.id);
  return `/view-gallery?${new URLSearchParams(query)}`;
}

/** Opens the gallery viewer for a service, love story or client gallery. */
export function openGalleryViewer(navigate: NavigateFunction, ref: GalleryRef): void {
  void navigate(galleryViewerPath(ref), { state: { id: ref.id, title: ref.title, type: ref.type } });
}

const isGalleryType = (v: unknown): v is GalleryType => typeof v === 'string' && (GALLERY_TYPES as readonly string[]).includes(v);

/**
 * Reads which gallery to show: the navigation state when it is there (it has the id), else the
 * query (`?service=`, `?love-story=`, `?client-gallery=`, with `&id=` when the link carries it;
 * an old link without it is looked up by name).
 */
export function readGalleryRef(state: unknown, search: URLSearchParams): { type: GalleryType; title: string; id: number | null } | null {
  if (state && typeof state === 'object') {
    const s = state as Partial<GalleryRef>;
    if (isGalleryType(s.type) && typeof s.id === 'number' && s.id > 0) {
      return { type: s.type, id: s.id, title: typeof s.title === 'string' ? s.title : (search.get(s.type) ?? '') };
    }
  }
  const id = Number(search.get('id'));
  for (const type of GALLERY_TYPES) {
    const title = search.get(type);
    if (title !== null && title.trim() !== '') return { type, title, id: Number.isInteger(id) && id > 0 ? id : null };
  }
  return null;
}
