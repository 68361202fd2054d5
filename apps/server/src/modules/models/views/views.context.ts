import type { User } from '@lintel/contracts/account';
import { MODELS_MODULE_KEY } from '@lintel/contracts/models';
import type { PermissionType } from '@lintel/contracts/permissions';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Engine } from '../../../db/engine';
import { isUniqueViolation } from '../../../db/errors';
import { newId } from '../../../db/ids';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../plugins/app-error';
import type { ErrorKey, MessageParams } from '../../../plugins/messages';
import type { FileReadCheck } from '../../files/attachments';
import type { OrgAccess, ScopeAccess } from '../../org/access';
import { withViewTables } from './tables';
import { createViewsRepository, type ViewsRepository } from './views.repository';

export interface ViewsDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  access: OrgAccess;
  /** modules/files: may the user read these files? Asked before a thumbnail is attached (issue 14). */
  readableFiles?: FileReadCheck | undefined;
}

const need = (permission: PermissionType) => ({ moduleKey: MODELS_MODULE_KEY, permission }) as const;

/** A 400 pointing at one field: `body.<path>` (as the schema validation names them) or `query.<name>`. */
export function invalid(key: ErrorKey, path: string, params?: MessageParams): AppError {
  const where = path.startsWith('query.') ? path : `body.${path}`;
  return new AppError(400, key, { ...(params ? { params } : {}), details: [{ path: where, key }] });
}

/** A unique index refused the write: 409 with the key; anything else is rethrown. */
export function conflictOn(key: ErrorKey) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw new AppError(409, key, { cause: error });
    throw error;
  };
}

/** The shared pieces of the views services: repository, transactions, time, ids and rights. */
export function createViewsContext({ db, engine, clock, access }: ViewsDeps) {
  const repository = createViewsRepository(withViewTables(db));
  return {
    engine,
    repository,
    now: () => clock.now().toISOString(),
    newId: () => newId(clock.now().getTime()),
    inTransaction<T>(run: (repo: ViewsRepository) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => run(createViewsRepository(withViewTables(trx))));
    },
    /** The caller's right in the project's model viewer: non-member 404, without the right 403. */
    require(user: User, projectId: string, permission: PermissionType): Promise<ScopeAccess> {
      return access.requireScopeRole(user, { type: 'project', id: projectId }, need(permission));
    },
    /**
     * A record's own author, or the right: viewports and selection sets may be changed by whoever saved
     * them, or by anyone with `edit` (`delete`). The author must still see the project (view right).
     */
    async requireOwnOr(
      user: User,
      record: { project_id: string; created_by: string },
      permission: PermissionType,
    ) {
      if (record.created_by === user._id) {
        await access.requireScopeRole(user, { type: 'project', id: record.project_id }, need('view'));
        return;
      }
      await access.requireScopeRole(user, { type: 'project', id: record.project_id }, need(permission));
    },
    /**
     * The project's models named in `modelIds` must exist and not be deleted (400 models.unknownModel at
     * `path`). Answers the ids as given.
     */
    async assertLiveModels(projectId: string, modelIds: readonly string[], path: string): Promise<void> {
      const rows = await repository.modelsOf(projectId, modelIds);
      const live = new Set(rows.filter((row) => row.deleted_at === null).map((row) => row.id));
      const index = modelIds.findIndex((id) => !live.has(id));
      if (index >= 0) {
        throw invalid('models.unknownModel', `${path}.${index}`);
      }
    },
    /** Of these model ids, the deleted ones (as the GET answers flag them). */
    async deletedModelIds(projectId: string, modelIds: readonly string[]): Promise<Set<string>> {
      const rows = await repository.modelsOf(projectId, [...new Set(modelIds)]);
      const present = new Map(rows.map((row) => [row.id, row.deleted_at]));
      return new Set(modelIds.filter((id) => !present.has(id) || present.get(id) !== null));
    },
  };
}
export type ViewsContext = ReturnType<typeof createViewsContext>;
