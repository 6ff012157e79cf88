import type { NavigateFunction } from 'react-router';
import type { Service } from '@darkroom/contracts';

/** The state /ManageCategory receives (spec: {id, name, description}). */
export interface ManageGalleryState {
  id: number;
  name: string;
  description: string;
}

/** Opens 'Manage {name} Gallery'; the id also goes in the query so a reload or a shared link still works. */
export function openManageGallery(navigate: NavigateFunction, service: Pick<Service, 'id' | 'name' | 'description'>): void {
  const state: ManageGalleryState = { id: service.id, name: service.name, description: service.description };
  void navigate(`/ManageCategory?id=${service.id}`, { state });
}

/** Reads the state when present, else the `?id=` query (name and description then come from the API). */
export function readManageGallery(state: unknown, search: URLSearchParams): { id: number | null; known: ManageGalleryState | null } {
  if (state && typeof state === 'object') {
    const s = state as Partial<ManageGalleryState>;
    if (typeof s.id === 'number' && s.id > 0 && typeof s.name === 'string') {
      return { id: s.id, known: { id: s.id, name: s.name, description: typeof s.description === 'string' ? s.description : '' } };
    }
  }
  const raw = search.get('id') ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : 0;
  return { id: id > 0 ? id : null, known: null };
}
