import type { User } from '@lintel/contracts/account';
import {
  type AdminEnterprise,
  type AdminEnterpriseCreate,
  type AdminEnterpriseUpdate,
  type EnterprisePlan,
  type EnterpriseUsage,
  QUOTA_FIELDS,
  type QuotaField,
  quotaProblem,
} from '@lintel/contracts/enterprise-admin';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import type { AuditLog } from '../audit/index';
import { createEnterpriseAdminRepository } from './enterprise-admin.repository';
import { presentEnterprise } from './org.presenter';
import { createOrgRepository, type EnterpriseRow, newMemberRow } from './org.repository';

export interface EnterpriseAdminDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** Who asks, from where, and the audit log their changes are recorded in (the app's, modules/audit). */
export interface Actor {
  user: User;
  ip: string | null;
  audit: AuditLog;
}

/** A byte count as people read it in a message: "1 TB", "50 GB", "1.5 GB". */
export function readableBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(2).replace(/\.?0+$/, '')} ${units[unit]}`;
}

function paramOf(field: QuotaField, value: number): string | number {
  return field === 'spaceCapacity' ? readableBytes(value) : value;
}

/** The plan's and the bounds' refusal of a quota (spec 001 §8 wording), before usage is looked at. */
function checkQuotas(plan: EnterprisePlan, quotas: Record<QuotaField, number | null>): void {
  for (const field of QUOTA_FIELDS) {
    const problem = quotaProblem(plan, field, quotas[field]);
    if (!problem) continue;
    throw new AppError(400, `enterpriseAdmin.${field}.${problem.reason}`, {
      params: 'limit' in problem ? { limit: paramOf(field, problem.limit) } : {},
    });
  }
}

/** Lowering a quota below what the enterprise uses now is refused. */
function checkUsage(usage: EnterpriseUsage, quotas: Record<QuotaField, number | null>): void {
  const { accountCapacity, projectLimit, spaceCapacity } = quotas;
  if (accountCapacity !== null && accountCapacity < usage.accounts) {
    throw new AppError(400, 'enterpriseAdmin.accountCapacity.belowUsage', {
      params: { count: usage.accounts },
    });
  }
  if (projectLimit !== null && projectLimit < usage.projects) {
    throw new AppError(400, 'enterpriseAdmin.projectLimit.belowUsage', { params: { count: usage.projects } });
  }
  if (spaceCapacity !== null && spaceCapacity < usage.spaceUsed) {
    throw new AppError(400, 'enterpriseAdmin.spaceCapacity.belowUsage', {
      params: { used: readableBytes(usage.spaceUsed) },
    });
  }
}

/** The edit conflicted: the answer carries the enterprise as it is now (the route sends a 409 with it). */
export class EnterpriseChangedError extends AppError {
  readonly current: AdminEnterprise;
  constructor(current: AdminEnterprise) {
    super(409, 'enterpriseAdmin.changed');
    this.current = current;
  }
}

/**
 * The system administrator's enterprises (the routes check the caller is one): create with a first
 * administrator, edit name, plan and quotas, read with usage. Quotas are enforced where they are used
 * (members: accounts; projects; files: space) — this only sets them.
 */
export function createEnterpriseAdminService({ db, clock }: EnterpriseAdminDeps) {
  const repository = createEnterpriseAdminRepository(db);

  async function present(row: EnterpriseRow, trx: Kysely<Database> = db): Promise<AdminEnterprise> {
    const repo = createEnterpriseAdminRepository(trx);
    const [usage, admins] = await Promise.all([repo.usage(row.id), repo.admins(row.id)]);
    return {
      ...presentEnterprise(row),
      usage,
      admins: admins.map((a) => ({ _id: a.id, name: a.name, nickName: a.nick_name })),
    };
  }

  /** A timestamp strictly after `previous`, so that every edit changes `updatedAt` (the edit's version). */
  function nextTimestamp(previous: string): string {
    const now = clock.now().getTime();
    const before = Date.parse(previous);
    return new Date(Number.isNaN(before) ? now : Math.max(now, before + 1)).toISOString();
  }

  return {
    async get(id: string): Promise<AdminEnterprise> {
      const row = await repository.find(id);
      if (!row) throw new AppError(404, 'common.notFound');
      return present(row);
    },

    async create(actor: Actor, body: AdminEnterpriseCreate): Promise<AdminEnterprise> {
      const quotas = {
        accountCapacity: body.accountCapacity,
        projectLimit: body.projectLimit,
        spaceCapacity: body.spaceCapacity,
      };
      checkQuotas(body.plan, quotas);
      const account = await repository.findAccount(body.admin);
      if (!account || account.disabled === 1) throw new AppError(400, 'enterpriseAdmin.adminNotFound');
      if (account.is_system_admin === 1) throw new AppError(400, 'enterpriseAdmin.adminIsSystemAdmin');
      const id = newId();
      const at = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const org = createOrgRepository(trx);
        await org.insertEnterprise({
          id,
          name: body.name,
          short_name: body.shortName ?? '',
          is_trial: body.plan === 'trial' ? 1 : 0,
          account_capacity: quotas.accountCapacity,
          space_capacity: quotas.spaceCapacity,
          project_limit: quotas.projectLimit,
          paid_plan: body.plan,
          created_by: actor.user._id,
          created_at: at,
          updated_at: at,
        });
        await org.insertMember(
          newMemberRow(
            { scope_type: 'enterprise', scope_id: id, enterprise_id: id, user_id: account.id, role: 'admin' },
            at,
          ),
        );
        await actor.audit.record(
          {
            action: 'enterprise.created',
            actorId: actor.user._id,
            ip: actor.ip,
            enterpriseId: id,
            targetType: 'enterprise',
            targetId: id,
            detail: { name: body.name, plan: body.plan, ...quotas, adminId: account.id },
          },
          trx,
        );
        return present((await org.findEnterprise(id))!, trx);
      });
    },

    async update(actor: Actor, id: string, body: AdminEnterpriseUpdate): Promise<AdminEnterprise> {
      const quotas = {
        accountCapacity: body.accountCapacity,
        projectLimit: body.projectLimit,
        spaceCapacity: body.spaceCapacity,
      };
      return db.transaction().execute(async (trx) => {
        const repo = createEnterpriseAdminRepository(trx);
        const row = await repo.find(id);
        if (!row) throw new AppError(404, 'common.notFound');
        if (row.updated_at !== body.updatedAt) throw new EnterpriseChangedError(await present(row, trx));
        checkQuotas(body.plan, quotas);
        checkUsage(await repo.usage(id), quotas);
        const written = await repo.update(
          id,
          body.updatedAt,
          {
            name: body.name,
            short_name: body.shortName,
            paid_plan: body.plan,
            // The trial plan is what makes a trial enterprise: moving off it makes the enterprise a paying one.
            is_trial: body.plan === 'trial' ? 1 : 0,
            account_capacity: quotas.accountCapacity,
            project_limit: quotas.projectLimit,
            space_capacity: quotas.spaceCapacity,
          },
          nextTimestamp(row.updated_at),
        );
        if (!written) {
          const now = await repo.find(id);
          if (!now) throw new AppError(404, 'common.notFound');
          throw new EnterpriseChangedError(await present(now, trx));
        }
        const changed: Record<string, string | number | null> = {};
        const before: Record<string, string | number | null> = {
          name: row.name,
          shortName: row.short_name,
          plan: row.paid_plan,
          accountCapacity: row.account_capacity === null ? null : Number(row.account_capacity),
          projectLimit: row.project_limit === null ? null : Number(row.project_limit),
          spaceCapacity: row.space_capacity === null ? null : Number(row.space_capacity),
        };
        const after: Record<string, string | number | null> = {
          name: body.name,
          shortName: body.shortName,
          plan: body.plan,
          ...quotas,
        };
        for (const [key, value] of Object.entries(after)) {
          if (before[key] !== value) {
            changed[`${key}From`] = before[key] ?? null;
            changed[key] = value;
          }
        }
        await actor.audit.record(
          {
            action: 'enterprise.updated',
            actorId: actor.user._id,
            ip: actor.ip,
            enterpriseId: id,
            targetType: 'enterprise',
            targetId: id,
            detail: changed,
          },
          trx,
        );
        return present((await repo.find(id))!, trx);
      });
    },
  };
}
export type EnterpriseAdminService = ReturnType<typeof createEnterpriseAdminService>;
