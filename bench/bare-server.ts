// The baseline of the site benchmark: bare Fastify sending fixed bytes, with the content type
// and encoding, or (given a JSON file of them) every header line the real answer had.
//   tsx bench/bare-server.ts <port> <body file> <content-encoding> [headers.json]
import fs from 'node:fs';
import Fastify from 'fastify';

const [port = '0', file = '', encoding = '', headerFile] = process.argv.slice(2);
const body = fs.readFileSync(file);
const headers = headerFile ? (JSON.parse(fs.readFileSync(headerFile, 'utf8')) as Record<string, string>) : null;
const app = Fastify({ logger: false });
app.get('/', (_req, reply) => {
  if (headers) return reply.headers(headers).send(body);
  reply.header('content-type', 'text/html; charset=utf-8');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
