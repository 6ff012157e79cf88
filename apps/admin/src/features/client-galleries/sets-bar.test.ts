import { describe, expect, it } from 'vitest';
import type { ClientGallerySet, GalleryPhoto } from '@darkroom/contracts';
import { setFilterIds } from './sets-bar';

const sets: ClientGallerySet[] = [
  { id: 10, name: 'Ceremony', photo_ids: [1, 2] },
  { id: 11, name: 'Reception', photo_ids: [4] },
];
const photos = [1, 2, 3, 4, 5].map((id) => ({ id }) as GalleryPhoto);

describe('the photos table filtered by set', () => {
  it('shows everything for All, and while the sets are loading', () => {
    expect(setFilterIds('all', sets, photos)).toBeNull();
    expect(setFilterIds(10, undefined, photos)).toBeNull();
  });

  it("shows one set's photos, or those in no set", () => {
    expect([...setFilterIds(10, sets, photos)!]).toEqual([1, 2]);
    expect([...setFilterIds('none', sets, photos)!].sort()).toEqual([3, 5]);
  });

  it('shows everything again when the chosen set was deleted meanwhile', () => {
    expect(setFilterIds(99, sets, photos)).toBeNull();
  });
});
