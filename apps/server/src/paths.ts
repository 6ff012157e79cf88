import path from 'node:path';

/**
 * Where the server's package lives: one level up from this file, whether it runs from its
 * source (`apps/server/src`) or from the bundle the build writes (`apps/server/dist`). Every
 * other path is taken from here, so both layouts find the migrations and the built apps.
 */
export const SERVER_DIR = path.resolve(import.meta.dirname, '..');
export const REPO_ROOT = path.resolve(SERVER_DIR, '../..');
