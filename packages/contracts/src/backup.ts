import { endpoint } from './endpoint';

export const backupApi = {
  create: endpoint({
    method: 'POST',
    path: '/adminportal/backup/',
    tag: 'backup',
    summary:
      'A backup of the whole studio, streamed as a tar archive: every row at one instant and every stored file, with a manifest (admins only; restore it with `npm run restore`)',
    response: null,
    status: 200,
    produces: 'binary',
  }),
} as const;
