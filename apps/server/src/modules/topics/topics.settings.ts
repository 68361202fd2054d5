import type { User } from '@lintel/contracts/account';
import type { TopicSetting, TopicSettingCreate, TopicSettingUpdate } from '@lintel/contracts/topics';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import type { OrgAccess } from '../org/access';
import { type TopicSettingKind, withTopicTables } from './tables';
import { presentSetting } from './topics.presenter';
import { createTopicsRepository } from './topics.repository';

/** How many topic numbers a "still in use" error names. */
const USAGE_EXAMPLES = 5;

/**
 * The topic settings of a project (spec 001 §2 settings screens): species and subcontracts. Members read
 * them (the topic forms offer them); project admins manage them. Duplicate names are refused (409), and
 * one in use by topics cannot be deleted (409, saying how many and which).
 */
export function createTopicSettingsService(deps: { db: Kysely<Database>; clock: Clock; access: OrgAccess }) {
  const { db, clock, access } = deps;
  const repository = createTopicsRepository(withTopicTables(db));
  const project = (id: string) => ({ type: 'project' as const, id });

  const taken = (error: unknown): never => {
    if (isUniqueViolation(error)) throw new AppError(409, 'topics.settingNameTaken', { cause: error });
    throw error;
  };

  async function ofAdmin(user: User, id: string, kind: TopicSettingKind) {
    const row = await repository.findSetting(id);
    if (!row || row.kind !== kind) throw new AppError(404, 'common.notFound');
    await access.requireScopeRole(user, project(row.project_id), 'admin');
    return row;
  }

  async function one(id: string): Promise<TopicSetting> {
    const row = (await repository.findSetting(id))!;
    const usage = await repository.settingUsage(row.project_id, row.kind);
    return presentSetting(row, usage.get(row.id) ?? 0);
  }

  return {
    async list(user: User, projectId: string, kind: TopicSettingKind): Promise<TopicSetting[]> {
      await access.requireScopeRole(user, project(projectId), 'read');
      const [rows, usage] = await Promise.all([
        repository.settings(projectId, kind),
        repository.settingUsage(projectId, kind),
      ]);
      return rows.map((row) => presentSetting(row, usage.get(row.id) ?? 0));
    },

    async create(
      user: User,
      projectId: string,
      kind: TopicSettingKind,
      body: TopicSettingCreate,
    ): Promise<TopicSetting> {
      await access.requireScopeRole(user, project(projectId), 'admin');
      const id = newId(clock.now().getTime());
      const at = clock.now().toISOString();
      await repository
        .insertSetting({
          id,
          project_id: projectId,
          kind,
          name: body.name,
          sort_order: body.order ?? (await repository.nextSettingOrder(projectId, kind)),
          created_at: at,
          updated_at: at,
        })
        .catch(taken);
      return one(id);
    },

    async update(
      user: User,
      id: string,
      kind: TopicSettingKind,
      body: TopicSettingUpdate,
    ): Promise<TopicSetting> {
      await ofAdmin(user, id, kind);
      const changes = {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.order === undefined ? {} : { sort_order: body.order }),
      };
      if (Object.keys(changes).length > 0) {
        await repository.updateSetting(id, changes, clock.now().toISOString()).catch(taken);
      }
      return one(id);
    },

    async remove(user: User, id: string, kind: TopicSettingKind): Promise<void> {
      await ofAdmin(user, id, kind);
      const usage = await repository.usage(
        kind === 'species' ? 'species_id' : 'subcontract_id',
        id,
        USAGE_EXAMPLES,
      );
      if (usage.count > 0) throw inUse('topics.settingInUse', usage);
      await repository.deleteSetting(id);
    },
  };
}
export type TopicSettingsService = ReturnType<typeof createTopicSettingsService>;

/** 409 naming how many topics use the value and the first few of their numbers. */
export function inUse(
  key: 'topics.settingInUse' | 'topics.domainInUse',
  usage: { count: number; numbers: number[] },
): AppError {
  const numbers =
    usage.numbers.map((n) => `#${n}`).join(', ') + (usage.count > usage.numbers.length ? ' …' : '');
  return new AppError(409, key, {
    params: { count: usage.count, numbers },
    details: [{ path: 'id', key, params: { count: usage.count, numbers } }],
  });
}

/**
 * For the permissions module (injected through its deps): may this discipline be removed? Refused with
 * 409 topics.domainInUse while topics use it.
 */
export function createDomainUsageCheck(db: Kysely<Database>) {
  const repository = createTopicsRepository(withTopicTables(db));
  // The project is implied by the domain's id (ids are unique); it is part of the signature for callers.
  return async (_projectId: string, domainId: string): Promise<void> => {
    const usage = await repository.usage('domain_id', domainId, USAGE_EXAMPLES);
    if (usage.count > 0) throw inUse('topics.domainInUse', usage);
  };
}
