import { z } from 'zod';
import { COMMON_MESSAGES } from '@darkroom/contracts';

/** Reads an image's pixel size in the browser; null when it cannot be decoded (the server decides then). */
export async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/**
 * A form's image input for zod: a File or null (nothing chosen), and a chosen file must be at
 * least `min` (the spec's 'Please upload recommended image dimension'). Add `.refine` for required.
 */
export function imageFileField(min: { width: number; height: number }) {
  return z
    .custom<File | null>((v) => v === null || v instanceof File)
    .refine(
      async (f) => {
        if (!f) return true;
        const size = await imageSize(f);
        return !size || (size.width >= min.width && size.height >= min.height);
      },
      { error: COMMON_MESSAGES.dimension },
    );
}
