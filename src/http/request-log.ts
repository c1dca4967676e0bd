// The request log: one line per request, written when the answer is complete, carrying the
// request (method, URL without its query, client address), the status and the response time.
// fastify's default writes two lines per request ("incoming request", then "request completed");
// under load the second line's serialization and write were a measurable share of the main
// thread for nothing an operator needs twice. The arrival line stays, at debug level.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class OneLineRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
