import type { User } from '@lintel/contracts/account';
import { MODELS_MODULE_KEY } from '@lintel/contracts/models';
import type { MemberRole } from '@lintel/contracts/org';
import type { PermissionType } from '@lintel/contracts/permissions';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { cachedRows, type WriteSignals } from '../../db/cached-rows';
import type { Engine } from '../../db/engine';
import { fromJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { Events } from '../../events/index';
import type { Jobs } from '../../jobs/index';
import { AppError } from '../../plugins/app-error';
import type { Storage } from '../../storage/index';
import type { OrgAccess, ScopeAccess } from '../org/access';
import {
  createModelsRepository,
  type ModelRow,
  type ModelsRepository,
  type VersionRow,
} from './models.repository';
import { withModelTables } from './tables';

/** The queue of conversion jobs (payload `{ versionId }`). */
export const CONVERSION_QUEUE = 'model-conversion';
/** Cancels reach the process running the conversion through this events channel (payload `{ versionId }`). */
export const CANCEL_CHANNEL = 'models.conversion.cancel';
/** Status changes of versions (payload `{ projectId, modelId, versionId, status }`), for realtime updates. */
export const STATUS_CHANNEL = 'models.status';

/** The part of the jobs interface (apps/server/src/jobs) the models module uses. */
export type JobQueue = Pick<Jobs, 'kind' | 'enqueue' | 'work'>;

export interface ModelsLimits {
  /** MODEL_UPLOAD_MAX_BYTES */
  uploadMaxBytes: number;
  conversions: number;
  timeoutMs: number;
  memoryMb: number;
}

export interface ModelsDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  access: OrgAccess;
  storage: Storage;
  jobs: JobQueue;
  events: Events;
  log: FastifyBaseLogger;
  limits: ModelsLimits;
  /**
   * The model tags the caller's permission template narrows the module to (null: not narrowed): a model
   * carrying none of them is not in the caller's list and answers 404.
   */
  tagScope?:
    | ((user: User, projectId: string, role: MemberRole | null) => Promise<readonly string[] | null>)
    | undefined;
  /**
   * SQLite: a model and a version read by id outside a transaction are reused until a write to models or
   * model_versions (db/cached-rows.ts); every element query reads both. PostgreSQL: none, read each time.
   */
  rowCache?: WriteSignals | undefined;
}

export const need = (permission: PermissionType) => ({ moduleKey: MODELS_MODULE_KEY, permission }) as const;
export const projectScope = (id: string) => ({ type: 'project' as const, id });

/** Storage keys of a version's bytes (no dots: storage.ts); never derived from the user's file name. */
export const versionKeys = (versionId: string) => ({
  ifc: `model-versions/${versionId}/ifc`,
  fragments: `model-versions/${versionId}/fragments`,
  tree: `model-versions/${versionId}/tree`,
});

/** The repository with `findModel`/`findVersion` cached when read outside a transaction (`trx` not given). */
function withCachedLookups(
  repository: ModelsRepository,
  signals: WriteSignals | undefined,
): ModelsRepository {
  if (!signals) return repository;
  const tables = ['models', 'model_versions'] as const;
  const model = cachedRows<ModelRow>(signals, tables, (id) => repository.findModel(id));
  const version = cachedRows<VersionRow>(signals, tables, (id) => repository.findVersion(id));
  return {
    ...repository,
    findModel: (id, trx) => (trx === undefined ? model(id) : repository.findModel(id, trx)),
    findVersion: (id, trx) => (trx === undefined ? version(id) : repository.findVersion(id, trx)),
  };
}

/** What the parts of the models module share: dependencies, the repository and the access checks. */
export function createModelsBase(deps: ModelsDeps) {
  const { access, clock } = deps;
  const repository = withCachedLookups(createModelsRepository(withModelTables(deps.db)), deps.rowCache);

  /** Whether the caller's tag scope (if any) lets them see the model: it carries one of the scope's tags. */
  async function tagsAllow(user: User, model: ModelRow, role: MemberRole | null): Promise<boolean> {
    const tags = deps.tagScope ? await deps.tagScope(user, model.project_id, role) : null;
    if (!tags) return true;
    const carried = fromJson<string[]>(model.tag_ids, []);
    return carried.some((id) => tags.includes(id));
  }

  /**
   * The model as the caller may use it: 404 for a missing model or one of a project the caller cannot
   * see, 403 without the right, 410 `models.deleted` once deleted (only to those who could see it).
   */
  async function openModel(
    user: User,
    id: string,
    permission: PermissionType,
  ): Promise<{ model: ModelRow; scope: ScopeAccess }> {
    const model = await repository.findModel(id);
    if (!model) throw new AppError(404, 'common.notFound');
    const scope = await access.requireScopeRole(user, projectScope(model.project_id), need(permission));
    if (!(await tagsAllow(user, model, scope.role))) throw new AppError(404, 'common.notFound');
    if (model.deleted_at !== null) throw new AppError(410, 'models.deleted');
    return { model, scope };
  }

  /** The named version of the model (404 `models.versionNotFound` for another model's), else the current one. */
  async function versionOf(model: ModelRow, versionId?: string): Promise<VersionRow> {
    const id = versionId ?? model.current_version_id;
    const version = id ? await repository.findVersion(id) : undefined;
    if (!version || version.model_id !== model.id) throw new AppError(404, 'models.versionNotFound');
    return version;
  }

  /**
   * A version whose element index, fragments and tree are stored; 409 `models.notReady` before. Without
   * `versionId`: the current one, or while a new version converts (or failed), the newest ready one, so the
   * viewer keeps showing the model meanwhile.
   */
  async function readyVersionOf(model: ModelRow, versionId?: string): Promise<VersionRow> {
    const version = await versionOf(model, versionId);
    if (version.status === 'ready') return version;
    const fallback = versionId === undefined ? await repository.newestReadyVersion(model.id) : undefined;
    if (!fallback) throw new AppError(409, 'models.notReady');
    return fallback;
  }

  /** Tells whoever listens that a version changed state; best effort (the web polls anyway). */
  function announce(version: Pick<VersionRow, 'id' | 'model_id' | 'project_id'>, status: string): void {
    deps.events
      .publish(STATUS_CHANNEL, {
        projectId: version.project_id,
        modelId: version.model_id,
        versionId: version.id,
        status,
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'could not publish a model status event'));
  }

  return {
    ...deps,
    repository,
    openModel,
    versionOf,
    readyVersionOf,
    announce,
    now: () => clock.now().toISOString(),
  };
}
export type ModelsBase = ReturnType<typeof createModelsBase>;
