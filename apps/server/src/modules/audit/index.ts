import type { AuditAction } from '@lintel/contracts/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import { newId } from '../../db/ids';
import { createAuditRepository } from './audit.repository';
import { auditRoutes } from './audit.routes';
import { createAuditService } from './audit.service';

export const AUDIT_PREFIX = '/api/v1/audit-service';

/** One action to record. `detail` never holds secrets, codes or full ID numbers. */
export interface AuditEntry {
  action: AuditAction;
  /** null: anonymous (a failed sign-in). */
  actorId: string | null;
  ip: string | null;
  enterpriseId?: string | null;
  projectId?: string | null;
  /** 'user' | 'member' | 'worker' | 'template' | … */
  targetType?: string | null;
  targetId?: string | null;
  detail?: Record<string, string | number | boolean | null>;
}

/**
 * The audit log every module records through (created first in app.ts and passed to the modules).
 * `db`: the caller's transaction, so that the entry commits or rolls back with the change it records.
 */
export interface AuditLog {
  // biome-ignore lint/suspicious/noExplicitAny: any module's transaction
  record(entry: AuditEntry, db?: Kysely<any>): Promise<void>;
}

/** Longest text kept per detail value: a detail names things, it does not copy documents. */
const DETAIL_TEXT_MAX = 500;

export interface AuditDeps {
  // biome-ignore lint/suspicious/noExplicitAny: the app's database
  db: Kysely<any>;
  engine: Engine;
  clock: Clock;
}

export function createAuditModule({ db, engine, clock }: AuditDeps) {
  const log: AuditLog = {
    async record(entry, tx) {
      const repository = createAuditRepository(tx ?? db);
      const detail: Record<string, string | number | boolean | null> = {};
      for (const [key, value] of Object.entries(entry.detail ?? {})) {
        detail[key] = typeof value === 'string' ? value.slice(0, DETAIL_TEXT_MAX) : value;
      }
      const now = clock.now();
      await repository.insert({
        id: newId(now.getTime()),
        action: entry.action,
        actor_id: entry.actorId,
        actor_name: entry.actorId ? await repository.actorName(entry.actorId) : null,
        ip: entry.ip,
        enterprise_id: entry.enterpriseId ?? null,
        project_id: entry.projectId ?? null,
        target_type: entry.targetType ?? null,
        target_id: entry.targetId ?? null,
        detail: JSON.stringify(detail),
        created_at: now.toISOString(),
      });
    },
  };
  const service = createAuditService({ db, engine, clock, log });
  return { log, service };
}
export type AuditModule = ReturnType<typeof createAuditModule>;

export const auditPlugin: FastifyPluginAsyncZod<{ module: AuditModule }> = async (app, { module }) => {
  await app.register(auditRoutes, { service: module.service, log: module.log });
};
