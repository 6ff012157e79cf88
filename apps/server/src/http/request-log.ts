import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request, written when it is answered (method, URL with tokens masked by the
 * logger, address, status, time), rather than Fastify's two: a terminal stays readable.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
