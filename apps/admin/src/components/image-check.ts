/** Said when a file has an image's name but not an image's contents (e.g. a text file named .jpg). */
export const NOT_AN_IMAGE = 'The file is not a JPEG or PNG image';

/**
 * Whether the file's first bytes are a JPEG's or a PNG's signature. The name can say .jpg while
 * the contents are anything; the admin should hear that, not 'only .jpg is accepted'.
 */
export async function isJpegOrPng(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b);
  return jpeg || png;
}
