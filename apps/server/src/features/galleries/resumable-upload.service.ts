import { GALLERY_MESSAGES, galleriesApi, galleryResumableMetadataSchema, toFieldErrors } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { HttpError, notFound, ValidationError } from '../../lib/errors';
import { auditEventOf, recordAudit } from '../activity/activity.service';
import { ResumableRefusal, type CompletedUpload, type NewUpload } from '../../media/resumable';
import * as repo from './galleries.repository';
import { GalleryUpload } from './galleries.service';

/** The answer a failure of a resumable upload gives, in the API's usual shapes. */
function refusal(err: unknown): unknown {
  if (err instanceof ValidationError) return new ResumableRefusal(400, err.fields);
  if (err instanceof HttpError) return new ResumableRefusal(err.statusCode, { detail: err.detail });
  return err;
}

function parseMetadata(metadata: Record<string, string>) {
  const parsed = galleryResumableMetadataSchema.safeParse(metadata);
  if (!parsed.success) {
    // The file's problems are reported against the upload form's file field, as a multipart upload's are.
    const { filename, ...fields } = toFieldErrors(parsed.error);
    throw new ResumableRefusal(400, filename ? { ...fields, land_scape_image: filename } : fields);
  }
  return parsed.data;
}

/**
 * A new resumable upload: its metadata names an existing gallery and a .jpg/.png file, and it
 * declares its size (the size limit itself is the tus server's). Checked before a byte is stored.
 */
export async function checkResumable(ctx: AppContext, upload: NewUpload): Promise<void> {
  const meta = parseMetadata(upload.metadata);
  if (upload.size === undefined) throw new ResumableRefusal(400, { land_scape_image: [GALLERY_MESSAGES.sizeRequired] });
  if (upload.size === 0) throw new ResumableRefusal(400, { land_scape_image: [GALLERY_MESSAGES.imageRequired] });
  if (!(await repo.findParent(ctx.db, meta.galleryType, meta.galleryId))) throw refusal(notFound(GALLERY_MESSAGES.noGallery));
}

/**
 * A finished resumable upload goes through the same ingest as a multipart upload of one file:
 * checked by content, deduplicated by name and content, stored. Answers as that upload does.
 */
export async function ingestResumable(ctx: AppContext, upload: CompletedUpload): Promise<{ status: number; body: unknown }> {
  const meta = parseMetadata(upload.metadata);
  // The file is the resumable store's: it removes it once this answer is given.
  const ingest = new GalleryUpload(ctx, async () => {});
  try {
    ingest.setParent(meta.galleryType, meta.galleryId);
    ingest.add({ field: 'land_scape_image', filename: meta.filename, file: upload.file });
    const answer = await ingest.finish();
    // Logged as the multipart upload is (its hook never sees this request, which tus answers itself).
    const call = { params: undefined, body: { [meta.galleryType]: meta.galleryId }, files: { land_scape_image: [meta.filename] } };
    const event = auditEventOf(galleriesApi.upload, { ...call, result: answer.body });
    if (event) await recordAudit(ctx, event);
    return answer;
  } catch (err) {
    await ingest.release();
    throw refusal(err);
  }
}
