import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createService, makePhotos, memoryOf, startServer, mb } from './lib';
const files = await makePhotos(4, 6000, 4000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darkroom-probe-'));
const s1 = await startServer({ dataDir, env: process.env.PROBE_ENV ? JSON.parse(process.env.PROBE_ENV) : {} });
console.log('fresh dir: rss', mb(memoryOf(s1.pid).rss), 'hwm', mb(memoryOf(s1.pid).hwm));
await s1.stop();
const s = await startServer({ dataDir, env: process.env.PROBE_ENV ? JSON.parse(process.env.PROBE_ENV) : {} });
console.log('reopen: rss', mb(memoryOf(s.pid).rss), 'hwm', mb(memoryOf(s.pid).hwm));
const id = await createService(s, 'x', files[0]!);
console.log('after service create: rss', mb(memoryOf(s.pid).rss));
for (const [i, f] of files.entries()) {
  const form = new FormData(); form.append('service', String(id)); form.append('land_scape_image', await fs.openAsBlob(f), `p${i}.jpg`);
  await fetch(`${s.url}/adminportal/manage-gallery/`, { method: 'POST', headers: { authorization: `Token ${s.token}` }, body: form });
  console.log('after upload', i, 'rss', mb(memoryOf(s.pid).rss));
}
await s.stop(); fs.rmSync(dataDir, { recursive: true, force: true });
