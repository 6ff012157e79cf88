/**
 * The derivation process (see derive-process.ts): makes the derived files of the originals the
 * server sends it, with the storage the server names, and answers each with the image as derived.
 * It exits when the server goes (its IPC channel closes), however the server ended.
 */
import { CorruptImageError, deriveStored } from './image-pipeline';
import { openMediaStorage } from './open-storage';
import type { MediaStorage } from './storage';
import type { DeriveReply, DeriveRequest } from './derive-process';

let storage: Promise<MediaStorage> | undefined;

async function answer(req: DeriveRequest): Promise<DeriveReply> {
  try {
    // A storage that failed to open (a bucket not answering yet) is opened again by the next photo.
    storage ??= openMediaStorage(req.storage).catch((err: unknown) => {
      storage = undefined;
      throw err;
    });
    return { id: req.id, image: await deriveStored(await storage, req.image) };
  } catch (err) {
    if (err instanceof CorruptImageError) return { id: req.id, corrupt: true };
    return { id: req.id, error: err instanceof Error ? err.message : String(err) };
  }
}

/** Started with --expose-gc (derive-process.ts). */
const collect = (globalThis as { gc?: () => void }).gc;

process.title = 'darkroom-derive';
process.on('message', (req: DeriveRequest) => {
  void answer(req).then((reply) => {
    process.send!(reply);
    // A photo's pixels are ~40 MB of buffers that V8 frees only when it collects, and this
    // process makes little other garbage: collected now, they stop adding up between photos.
    collect?.();
  });
});
process.on('disconnect', () => process.exit(0));
// Ctrl-C in a terminal reaches the whole process group: the server decides, letting the photos
// in hand finish before it ends this process.
process.on('SIGINT', () => undefined);
