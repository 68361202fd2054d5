import type { Language } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import {
  type ApproverSource,
  checkWorkflowGraph,
  defaultWorkflowGraph,
  WORKFLOW_NAME_MAX_LENGTH,
  type WorkflowGraph,
  type WorkflowGroup,
  type WorkflowGroupCounts,
  type WorkflowStructureProblem,
  type WorkflowTemplate,
  type WorkflowTemplateStatus,
  type WorkflowVersion,
  type WorkflowVersionSummary,
  type workflowGroupCreateSchema,
  type workflowGroupUpdateSchema,
  workflowProblemPath,
  type workflowTemplateCreateSchema,
  type workflowTemplatesQuerySchema,
  type workflowTemplateUpdateSchema,
} from '@lintel/contracts/workflow';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { toJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { AppError, type AppErrorDetail } from '../../plugins/app-error';
import type { ErrorKey } from '../../plugins/messages';
import type { OrgAccess } from '../org/access';
import { withWorkflowTables } from './tables';
import { presentGroup, presentTemplate, presentVersion, presentVersionSummary } from './workflow.presenter';
import { createWorkflowRepository, type TemplateRow, type WorkflowRepository } from './workflow.repository';

type Out<S extends z.ZodType> = z.output<S>;

/** What the approver sources of a graph are checked against: the project's people, departments, templates. */
export interface ApproverDirectory {
  membersAmong(projectId: string, userIds: readonly string[]): Promise<ReadonlySet<string>>;
  departmentIds(projectId: string): Promise<ReadonlySet<string>>;
  permissionTemplateIds(projectId: string): Promise<ReadonlySet<string>>;
}

export interface WorkflowServiceDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  access: OrgAccess;
  directory: ApproverDirectory;
}

/** A refusal whose answer carries more than the error body: the current template, the counts. */
export class WorkflowConflict extends AppError {
  constructor(
    key: ErrorKey,
    readonly extra: Record<string, unknown>,
    params: Record<string, string | number> = {},
  ) {
    super(409, key, { params });
  }
}

const project = (id: string) => ({ type: 'project' as const, id });

const DEFAULT_NAMES: Record<Language, { start: string; approval: string; end: string; copy: string }> = {
  'zh-CN': { start: '发起', approval: '审批', end: '结束', copy: '副本' },
  'en-US': { start: 'Start', approval: 'Approval', end: 'End', copy: 'copy' },
};

/**
 * A 409 for a unique index's refusal; a foreign key's (the group named was deleted at the same moment) is
 * the 400 of a group that does not exist; anything else rethrown.
 */
function conflictOn(key: ErrorKey, path = 'groupId') {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw new AppError(409, key, { cause: error });
    if (isForeignKeyViolation(error)) {
      throw new AppError(400, 'workflow.groupNotFound', {
        cause: error,
        details: [{ path, key: 'workflow.groupNotFound' }],
      });
    }
    throw error;
  };
}

function invalid(key: ErrorKey, path: string, params?: Record<string, string | number>): AppError {
  return new AppError(400, key, {
    ...(params ? { params } : {}),
    details: [{ path, key, ...(params ? { params } : {}) }],
  });
}

/** The structure problems as the answer's details, each naming its node by name (and the node's id). */
function problemDetails(
  graph: WorkflowGraph,
  problems: readonly WorkflowStructureProblem[],
): AppErrorDetail[] {
  const names = new Map(graph.nodes.map((node) => [node.id, node.name]));
  return problems.map((problem) => ({
    path: workflowProblemPath(problem),
    key: problem.key,
    params: {
      ...(problem.params ?? {}),
      ...(problem.nodeId !== undefined
        ? { nodeId: problem.nodeId, nodeName: names.get(problem.nodeId) ?? problem.nodeId }
        : {}),
      ...(problem.edgeId !== undefined ? { edgeId: problem.edgeId } : {}),
    },
  }));
}

/** 400 naming every problem (the first one's key and message on top), or nothing when there is none. */
function refuse(details: AppErrorDetail[]): void {
  const first = details[0];
  if (!first) return;
  throw new AppError(400, first.key, { params: first.params ?? {}, details });
}

/**
 * Workflow groups and templates of a project (issue 18, first server slice). Project administrators manage
 * them; any member (and a system administrator) reads the groups and the enabled, published templates with
 * their published version. Every write is one transaction; names are unique by index (409 under races too).
 */
export function createWorkflowService({ db, engine, clock, access, directory }: WorkflowServiceDeps) {
  const repository = createWorkflowRepository(withWorkflowTables(db), engine);
  const now = () => clock.now().toISOString();
  const inTransaction = <T>(run: (repo: WorkflowRepository) => Promise<T>) =>
    db.transaction().execute((trx) => run(createWorkflowRepository(withWorkflowTables(trx), engine)));

  /** Administrators (and system administrators, who read everything) see drafts and every template. */
  async function reader(user: User, projectId: string): Promise<{ admin: boolean }> {
    const scope = await access.requireScopeRole(user, project(projectId), 'read');
    return { admin: scope.role === 'admin' || scope.role === null };
  }

  async function openGroup(user: User, id: string) {
    const row = await repository.findGroup(id);
    if (!row) throw new AppError(404, 'common.notFound');
    await access.requireScopeRole(user, project(row.project_id), 'admin');
    return row;
  }

  async function openTemplate(user: User, id: string): Promise<TemplateRow> {
    const row = await repository.findTemplate(id);
    if (!row) throw new AppError(404, 'common.notFound');
    await access.requireScopeRole(user, project(row.project_id), 'admin');
    return row;
  }

  /** A group of the project for a template (400 when it is not one). */
  async function checkGroup(projectId: string, groupId: string | null | undefined): Promise<void> {
    if (!groupId) return;
    const group = await repository.findGroup(groupId);
    if (!group || group.project_id !== projectId) throw invalid('workflow.groupNotFound', 'groupId');
  }

  /**
   * Approver and cc sources must name the project's members, departments and permission templates: each
   * wrong one is a detail on its node (400 with every one of them).
   */
  async function checkSources(projectId: string, graph: WorkflowGraph): Promise<void> {
    const approvals = graph.nodes.filter((node) => node.kind === 'approval');
    const sources = approvals.flatMap((node) => [...node.approvers, ...node.cc]);
    if (sources.length === 0) return;
    const userIds = sources.flatMap((source) => (source.kind === 'members' ? source.userIds : []));
    const [members, departments, templates] = await Promise.all([
      userIds.length > 0 ? directory.membersAmong(projectId, userIds) : new Set<string>(),
      sources.some((s) => s.kind === 'department') ? directory.departmentIds(projectId) : new Set<string>(),
      sources.some((s) => s.kind === 'template')
        ? directory.permissionTemplateIds(projectId)
        : new Set<string>(),
    ]);
    const wrong = (source: ApproverSource): ErrorKey | null => {
      if (source.kind === 'members') {
        return source.userIds.every((id) => members.has(id)) ? null : 'workflow.approverNotMember';
      }
      if (source.kind === 'department') {
        return departments.has(source.departmentId) ? null : 'workflow.departmentNotFound';
      }
      if (source.kind === 'template') {
        return templates.has(source.templateId) ? null : 'workflow.permissionTemplateNotFound';
      }
      return null;
    };
    const details: AppErrorDetail[] = [];
    for (const node of approvals) {
      const keys = new Set([...node.approvers, ...node.cc].map(wrong).filter((key) => key !== null));
      for (const key of keys) {
        details.push({ path: `nodes.${node.id}`, key, params: { nodeId: node.id, nodeName: node.name } });
      }
    }
    refuse(details);
  }

  async function templateOut(id: string, repo: WorkflowRepository = repository): Promise<WorkflowTemplate> {
    const row = (await repo.findTemplate(id))!;
    const published = row.published_version > 0 ? await repo.findVersion(id, row.published_version) : null;
    return presentTemplate(row, { draft: true, published: published ?? null });
  }

  /** A free name for a copy: "<name> 副本", "<name> 副本 2", … within the name limit. */
  async function copyName(projectId: string, name: string, language: Language): Promise<string> {
    const suffix = DEFAULT_NAMES[language].copy;
    for (let n = 1; n < 100; n++) {
      const tail = n === 1 ? ` ${suffix}` : ` ${suffix} ${n}`;
      const candidate = `${name.slice(0, WORKFLOW_NAME_MAX_LENGTH - tail.length)}${tail}`;
      if (!(await repository.nameTaken(projectId, candidate))) return candidate;
    }
    throw new AppError(409, 'workflow.templateNameTaken');
  }

  return {
    // ── groups ──

    async listGroups(user: User, projectId: string): Promise<WorkflowGroup[]> {
      const { admin } = await reader(user, projectId);
      const [rows, counts] = await Promise.all([
        repository.groups(projectId),
        repository.templateCountsByGroup(projectId, !admin),
      ]);
      return rows.map((row) => presentGroup(row, counts.get(row.id) ?? 0));
    },

    async createGroup(user: User, projectId: string, body: Out<typeof workflowGroupCreateSchema>) {
      await access.requireScopeRole(user, project(projectId), 'admin');
      const id = newId(clock.now().getTime());
      await inTransaction(async (repo) => {
        if (body.parentId) {
          const parent = await repo.findGroup(body.parentId);
          if (!parent || parent.project_id !== projectId) throw invalid('workflow.groupNotFound', 'parentId');
          if (parent.parent_id !== null) throw invalid('workflow.groupTooDeep', 'parentId');
        }
        const at = now();
        await repo
          .insertGroup({
            id,
            project_id: projectId,
            parent_id: body.parentId,
            name: body.name,
            sort_order: await repo.nextGroupOrder(projectId),
            created_at: at,
            updated_at: at,
          })
          .catch(conflictOn('workflow.groupNameTaken', 'parentId'));
      });
      return presentGroup((await repository.findGroup(id))!, 0);
    },

    async updateGroup(user: User, id: string, body: Out<typeof workflowGroupUpdateSchema>) {
      const row = await openGroup(user, id);
      await inTransaction(async (repo) => {
        const changes: { name?: string; parent_id?: string | null } = {};
        if (body.name !== undefined) changes.name = body.name;
        if (body.parentId !== undefined && body.parentId !== row.parent_id) {
          if (body.parentId !== null) {
            const parent = await repo.findGroup(body.parentId);
            if (!parent || parent.project_id !== row.project_id || parent.id === id) {
              throw invalid('workflow.groupNotFound', 'parentId');
            }
            // Two levels at most: the new parent is on top, and the moved group has no subgroups.
            if (parent.parent_id !== null || (await repo.subgroupIds(id)).length > 0) {
              throw invalid('workflow.groupTooDeep', 'parentId');
            }
          }
          changes.parent_id = body.parentId;
        }
        await repo.updateGroup(id, changes, now()).catch(conflictOn('workflow.groupNameTaken', 'parentId'));
      });
      const counts = await repository.templateCountsByGroup(row.project_id);
      return presentGroup((await repository.findGroup(id))!, counts.get(id) ?? 0);
    },

    /**
     * Deletes the group, its subgroups and all their templates (with their versions) when `confirm` equals
     * the templates counted in the same transaction; otherwise 409 with the counts. An empty group goes
     * without confirmation.
     */
    async removeGroup(
      user: User,
      id: string,
      confirm: number | undefined,
    ): Promise<{ projectId: string; name: string; counts: WorkflowGroupCounts }> {
      const row = await openGroup(user, id);
      const counts = await inTransaction(async (repo) => {
        const subgroups = await repo.subgroupIds(id);
        const groupIds = [id, ...subgroups];
        const templates = await repo.countTemplatesIn(groupIds);
        const found = { subgroups: subgroups.length, templates };
        const needsConfirm = subgroups.length > 0 || templates > 0;
        if (needsConfirm && confirm !== templates) {
          throw new WorkflowConflict('workflow.groupDeleteConfirm', { counts: found }, found);
        }
        const deleted = await repo.deleteTemplatesIn(groupIds);
        // A template added meanwhile: the confirmation no longer holds (the transaction rolls back).
        if (deleted !== templates) {
          const now = { subgroups: subgroups.length, templates: deleted };
          throw new WorkflowConflict('workflow.groupDeleteConfirm', { counts: now }, now);
        }
        await repo.deleteGroupTree(id);
        return found;
      }).catch(async (error: unknown) => {
        // A template saved into the group at the same moment: the confirmation no longer holds.
        if (!isForeignKeyViolation(error)) throw error;
        const subgroups = await repository.subgroupIds(id);
        const now = {
          subgroups: subgroups.length,
          templates: await repository.countTemplatesIn([id, ...subgroups]),
        };
        throw new WorkflowConflict('workflow.groupDeleteConfirm', { counts: now }, now);
      });
      return { projectId: row.project_id, name: row.name, counts };
    },

    // ── templates ──

    async listTemplates(
      user: User,
      projectId: string,
      query: Out<typeof workflowTemplatesQuerySchema>,
    ): Promise<WorkflowTemplate[] | { count: number }> {
      const { admin } = await reader(user, projectId);
      const filter = {
        projectId,
        groupId: query.groupId === 'none' ? null : query.groupId,
        status: query.status,
        name: query.name,
        usableOnly: !admin,
      };
      if (query.only_count) return { count: await repository.countTemplates(filter) };
      const rows = await repository.listTemplates(filter, query.skip, query.limit);
      return rows.map((row) => presentTemplate(row));
    },

    /** Administrators: the draft and the latest version; members: an enabled, published one's version. */
    async getTemplate(user: User, id: string): Promise<WorkflowTemplate> {
      const row = await repository.findTemplate(id);
      if (!row) throw new AppError(404, 'common.notFound');
      const { admin } = await reader(user, row.project_id);
      if (admin) return templateOut(id);
      if (row.status !== 'enabled' || row.published_version === 0) throw new AppError(404, 'common.notFound');
      const published = await repository.findVersion(id, row.published_version);
      return presentTemplate(row, { published: published ?? null });
    },

    async createTemplate(
      user: User,
      projectId: string,
      body: Out<typeof workflowTemplateCreateSchema>,
      language: Language,
    ): Promise<WorkflowTemplate> {
      await access.requireScopeRole(user, project(projectId), 'admin');
      const graph = body.graph ?? defaultWorkflowGraph(DEFAULT_NAMES[language]);
      await checkGroup(projectId, body.groupId);
      await checkSources(projectId, graph);
      const id = newId(clock.now().getTime());
      const at = now();
      await inTransaction((repo) =>
        repo
          .insertTemplate({
            id,
            project_id: projectId,
            group_id: body.groupId,
            name: body.name,
            description: body.description,
            status: body.status,
            graph: toJson(graph),
            revision: 1,
            published_version: 0,
            draft_changed: 1,
            created_by: user._id,
            created_at: at,
            updated_at: at,
          })
          .catch(conflictOn('workflow.templateNameTaken')),
      );
      return templateOut(id);
    },

    /** Changes the draft and its fields at the revision read; a stale revision is 409 with the current. */
    async updateTemplate(user: User, id: string, body: Out<typeof workflowTemplateUpdateSchema>) {
      const row = await openTemplate(user, id);
      if (body.groupId !== undefined) await checkGroup(row.project_id, body.groupId);
      if (body.graph) await checkSources(row.project_id, body.graph);
      const updated = await inTransaction(async (repo) => {
        const changes: Parameters<WorkflowRepository['updateTemplateAt']>[2] = {};
        if (body.name !== undefined) changes.name = body.name;
        if (body.groupId !== undefined) changes.group_id = body.groupId;
        if (body.description !== undefined) changes.description = body.description;
        if (body.graph !== undefined) {
          changes.graph = toJson(body.graph);
          changes.draft_changed = 1;
        }
        const done = await repo
          .updateTemplateAt(id, body.revision, changes, now())
          .catch(conflictOn('workflow.templateNameTaken'));
        return done ? templateOut(id, repo) : null;
      });
      if (updated) return updated;
      throw new WorkflowConflict('workflow.staleTemplate', { current: await templateOut(id) });
    },

    async setStatus(user: User, id: string, status: WorkflowTemplateStatus): Promise<WorkflowTemplate> {
      await openTemplate(user, id);
      return inTransaction(async (repo) => {
        await repo.setStatus(id, status, now());
        return templateOut(id, repo);
      });
    },

    async removeTemplate(user: User, id: string): Promise<{ projectId: string; name: string }> {
      const row = await openTemplate(user, id);
      await inTransaction((repo) => repo.deleteTemplate(id));
      return { projectId: row.project_id, name: row.name };
    },

    /** A new template with the source's draft, group, description and status; no versions. */
    async copyTemplate(user: User, id: string, name: string | undefined, language: Language) {
      const row = await openTemplate(user, id);
      const copyId = newId(clock.now().getTime());
      const at = now();
      const chosen = name ?? (await copyName(row.project_id, row.name, language));
      await inTransaction((repo) =>
        repo
          .insertTemplate({
            id: copyId,
            project_id: row.project_id,
            group_id: row.group_id,
            name: chosen,
            description: row.description,
            status: row.status,
            graph: row.graph,
            revision: 1,
            published_version: 0,
            draft_changed: 1,
            created_by: user._id,
            created_at: at,
            updated_at: at,
          })
          .catch(conflictOn('workflow.templateNameTaken')),
      );
      return templateOut(copyId);
    },

    /**
     * Checks the draft's structure and approver sources and freezes it as version n+1 (400 naming every
     * problem on its node). A draft unchanged since the last publication publishes nothing new. `revision`:
     * the draft read; a stale one (or a change while publishing) is 409 with the current template.
     */
    async publish(
      user: User,
      id: string,
      revision: number | undefined,
    ): Promise<{ template: WorkflowTemplate; frozen: boolean }> {
      const row = await openTemplate(user, id);
      if (revision !== undefined && revision !== row.revision) {
        throw new WorkflowConflict('workflow.staleTemplate', { current: await templateOut(id) });
      }
      if (row.draft_changed === 0 && row.published_version > 0) {
        return { template: await templateOut(id), frozen: false };
      }
      const graph = JSON.parse(row.graph) as WorkflowGraph;
      refuse(problemDetails(graph, checkWorkflowGraph(graph)));
      await checkSources(row.project_id, graph);
      const version = row.published_version + 1;
      const stale = new Error('stale');
      try {
        const template = await inTransaction(async (repo) => {
          const at = now();
          await repo.insertVersion({
            id: newId(clock.now().getTime()),
            template_id: id,
            version,
            name: row.name,
            graph: row.graph,
            published_by: user._id,
            published_at: at,
          });
          // The draft changed (or another publication took this version) meanwhile: nothing is kept.
          if (!(await repo.markPublished(id, row.revision, version, at))) throw stale;
          return templateOut(id, repo);
        });
        return { template, frozen: true };
      } catch (error) {
        if (error !== stale && !isUniqueViolation(error)) throw error;
        throw new WorkflowConflict('workflow.staleTemplate', { current: await templateOut(id) });
      }
    },

    async versions(user: User, id: string): Promise<WorkflowVersionSummary[]> {
      await openTemplate(user, id);
      return (await repository.versions(id)).map(presentVersionSummary);
    },

    async version(user: User, id: string, version: number): Promise<WorkflowVersion> {
      await openTemplate(user, id);
      const row = await repository.findVersion(id, version);
      if (!row) throw new AppError(404, 'common.notFound');
      return presentVersion(row);
    },
  };
}
export type WorkflowService = ReturnType<typeof createWorkflowService>;
