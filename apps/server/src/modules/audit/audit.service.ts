import { DEFAULT_PAGE_SIZE, type WhereNode } from '@lintel/contracts';
import { AUDIT_EXPORT_MAX_ROWS, type AuditAction, type AuditEntryView } from '@lintel/contracts/system';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import type { OrderBy } from '../../db/order';
import { afterCondition, decodeCursor, encodeCursor, type Page, pageOf } from '../../db/paging';
import { compileWhere, type FilterSpec } from '../../db/where';
import { presentAuditEntry } from './audit.presenter';
import { createAuditRepository } from './audit.repository';
import type { AuditLog } from './index';

/** The filter of the list and of its export, as the routes parse it. */
export interface AuditFilter {
  actor?: string | undefined;
  q?: string | undefined;
  action?: AuditAction[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  projectId?: string | undefined;
}

const SPEC: FilterSpec = {
  action: { type: 'string', column: 'a.action' },
  actorId: { type: 'string', column: 'a.actor_id' },
  actorName: { type: 'string', column: 'a.actor_name' },
  ip: { type: 'string', column: 'a.ip' },
  projectId: { type: 'string', column: 'a.project_id' },
  targetType: { type: 'string', column: 'a.target_type' },
  targetId: { type: 'string', column: 'a.target_id' },
  detail: { type: 'string', column: 'a.detail' },
  createdAt: { type: 'string', column: 'a.created_at' },
};

const ORDER: OrderBy = { column: 'a.created_at', direction: 'desc' };
const ID = /^[0-9a-f]{24}$/;

function contains(field: string, value: string): WhereNode {
  return { kind: 'contains', field, value };
}
function equals(field: string, value: string | null): WhereNode {
  return { kind: 'compare', field, type: 'string', op: 'eq', value };
}

/** The day after a YYYY-MM-DD date, as the start of that day (UTC). */
function startOfNextDay(date: string): string {
  const day = new Date(`${date}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString();
}

/** The filter as one condition over the log (null: everything). */
export function auditCondition(filter: AuditFilter): WhereNode | null {
  const items: WhereNode[] = [];
  if (filter.actor) {
    const actor = filter.actor;
    const alternatives: WhereNode[] = [
      contains('actorName', actor),
      // An anonymous entry (a failed sign-in) is found by the account name it tried.
      { kind: 'and', items: [equals('actorId', null), contains('detail', actor)] },
    ];
    if (ID.test(actor)) alternatives.push(equals('actorId', actor));
    items.push({ kind: 'or', items: alternatives });
  }
  if (filter.q) {
    const q = filter.q;
    items.push({
      kind: 'or',
      items: ['action', 'actorName', 'ip', 'targetType', 'targetId', 'detail'].map((field) =>
        contains(field, q),
      ),
    });
  }
  if (filter.action && filter.action.length > 0) {
    items.push({ kind: 'in', field: 'action', type: 'string', negated: false, values: filter.action });
  }
  if (filter.from) {
    items.push({
      kind: 'compare',
      field: 'createdAt',
      type: 'string',
      op: 'gte',
      value: `${filter.from}T00:00:00.000Z`,
    });
  }
  if (filter.to) {
    items.push({
      kind: 'compare',
      field: 'createdAt',
      type: 'string',
      op: 'lt',
      value: startOfNextDay(filter.to),
    });
  }
  if (filter.projectId) items.push(equals('projectId', filter.projectId));
  if (items.length === 0) return null;
  return items.length === 1 ? (items[0] as WhereNode) : { kind: 'and', items };
}

export interface AuditServiceDeps {
  // biome-ignore lint/suspicious/noExplicitAny: the app's database
  db: Kysely<any>;
  engine: Engine;
  clock: Clock;
  log: AuditLog;
}

export function createAuditService({ db, engine }: AuditServiceDeps) {
  const repository = createAuditRepository(db);

  function where(filter: AuditFilter, after: string | undefined): RawBuilder<SqlBool> | null {
    const node = auditCondition(filter);
    const parts: RawBuilder<SqlBool>[] = [];
    if (node) parts.push(compileWhere(node, SPEC, engine));
    if (after) {
      const cursor = decodeCursor(after, ORDER, false);
      parts.push(afterCondition({ engine, order: ORDER, idColumn: 'a.id', nullable: false }, cursor));
    }
    if (parts.length === 0) return null;
    return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
  }

  async function page(filter: AuditFilter, limit: number, after: string | undefined) {
    const rows = await repository.list(where(filter, after), limit);
    const last = rows.length === limit ? rows.at(-1) : undefined;
    return { rows, next: last ? encodeCursor(ORDER, last.created_at, last.id) : undefined };
  }

  return {
    /** A page, newest first; a full page carries the cursor of its last entry. */
    async list(filter: AuditFilter & { limit?: number | undefined; after?: string | undefined }) {
      const limit = filter.limit ?? DEFAULT_PAGE_SIZE;
      const { rows, next } = await page(filter, limit, filter.after);
      return pageOf(rows.map(presentAuditEntry), next) as Page<AuditEntryView>;
    },

    /** The whole filtered list (at most AUDIT_EXPORT_MAX_ROWS), read in batches by cursor. */
    async all(filter: AuditFilter): Promise<{ entries: AuditEntryView[]; truncated: boolean }> {
      const entries: AuditEntryView[] = [];
      let after: string | undefined;
      const BATCH = 1000;
      while (entries.length < AUDIT_EXPORT_MAX_ROWS) {
        const { rows, next } = await page(
          filter,
          Math.min(BATCH, AUDIT_EXPORT_MAX_ROWS - entries.length),
          after,
        );
        entries.push(...rows.map(presentAuditEntry));
        if (!next) return { entries, truncated: false };
        after = next;
      }
      return { entries, truncated: true };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
