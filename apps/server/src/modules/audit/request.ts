import type { FastifyRequest } from 'fastify';
import type { AuditEntry } from './index';

/**
 * Records an action a route has just completed, by the signed-in caller from the request's address (issue
 * 17). For modules that record at the edge; a service that owns a transaction passes its `trx` to
 * `AuditLog.record` instead, so that the entry commits with the change.
 */
export function auditRequest(
  request: FastifyRequest,
  entry: Omit<AuditEntry, 'actorId' | 'ip'>,
): Promise<void> {
  return request.server.audit.record({ ...entry, actorId: request.user?._id ?? null, ip: request.ip });
}
