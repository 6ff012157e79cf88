import { createRequire } from 'node:module';
import autocannon from 'autocannon';

/**
 * autocannon, counting each answer's body without keeping it. autocannon 9 appends every body to
 * a string (mcollina/autocannon#362), decoding it as UTF-8 on the way: a compressed (binary) body
 * capped its client near 70 MB/s here, whatever the server sent (bare Fastify sending 512 KB from
 * memory: 134 req/s). No bench reads the bodies (no `onResponse`, no `expectBody`), and the byte
 * counts come from elsewhere, so they are dropped.
 */
const Queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody: (data: Buffer) => void };
};
Queue.prototype.addBody = () => {};

export default autocannon;
