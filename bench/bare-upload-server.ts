// The ingest benchmark's upload baseline: bare Fastify writing each request's body to a file, as
// the real server's resumable uploads write theirs to the spool, and answering 204.
//   tsx bench/bare-upload-server.ts <port> <directory>
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Fastify from 'fastify';

const [port = '0', dir = ''] = process.argv.slice(2);
const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
let next = 0;
app.post('/upload/', async (request, reply) => {
  await pipeline(request.raw, fs.createWriteStream(path.join(dir, `upload-${next++}`)));
  return reply.code(204).send();
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
