// The baseline of the site benchmark: bare Fastify sending fixed bytes with the same headers.
//   tsx bench/bare-server.ts <port> <body file> <content-encoding>
import fs from 'node:fs';
import Fastify from 'fastify';

const [port = '0', file = '', encoding = ''] = process.argv.slice(2);
const body = fs.readFileSync(file);
const app = Fastify({ logger: false });
app.get('/', (_req, reply) => {
  reply.header('content-type', 'text/html; charset=utf-8');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
