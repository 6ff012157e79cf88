import type { AppContext } from '../context';
import { releaseImages } from './release-images';
import type { StoredImage } from './stored-image';

/**
 * Runs the db write that records freshly stored images. Images are processed before the write
 * (nothing half-written), so if the write fails, their files are released again instead of
 * being left behind unreferenced.
 */
export async function withNewImages<T>(ctx: AppContext, images: (StoredImage | null | undefined)[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    await releaseImages(ctx, images);
    throw err;
  }
}
