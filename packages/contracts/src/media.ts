import { z } from 'zod';
import { endpoint } from './endpoint';

/** The guarded address of an uploaded original (public media are derived files only). */
export const originalUrl = (sha256: string) => `/adminportal/media/originals/${sha256}/`;

export const mediaApi = {
  original: endpoint({
    method: 'GET',
    path: '/adminportal/media/originals/{sha256}/',
    tag: 'media',
    summary: 'An uploaded original, byte for byte (admins only)',
    params: z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
    response: null,
    status: 200,
    produces: 'binary',
  }),
} as const;
