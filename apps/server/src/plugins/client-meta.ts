import type { FastifyRequest } from 'fastify';
import type { ClientMeta } from '../context';

/** Where a request comes from, as the services that limit and mail by it take it. */
export const clientMeta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
});
