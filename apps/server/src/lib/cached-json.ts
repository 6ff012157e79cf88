import type { FastifyReply, FastifyRequest } from 'fastify';

/** A response that is already JSON text (from the response cache): sent as it is, never serialized again. */
export class CachedJson {
  constructor(readonly json: string) {}

  send(_request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply> {
    return reply.type('application/json').send(this.json);
  }
}
