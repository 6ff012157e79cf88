import fs from 'node:fs';

/**
 * The file of a unix socket (the server's control socket in DATA_DIR): the files it leaves are
 * this folder's business like any other file.
 */

/** Removes the socket at `file`, if one is there; any other kind of file is left alone. */
export async function removeSocketFile(file: string): Promise<void> {
  const stat = await fs.promises.lstat(file).catch(() => null);
  if (stat?.isSocket()) await fs.promises.rm(file, { force: true });
}

/** Lets only the owner open the socket at `file` (mode 0600). */
export async function restrictSocketToOwner(file: string): Promise<void> {
  await fs.promises.chmod(file, 0o600);
}
