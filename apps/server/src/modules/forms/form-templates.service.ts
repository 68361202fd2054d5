import type { Language } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import {
  checkFieldDefinitions,
  DISPLAY_ONLY_KINDS,
  FORM_TEMPLATE_NAME_MAX_LENGTH,
  type FormField,
  type FormFieldAccess,
  type FormGroup,
  type FormTemplate,
  type FormTemplateStatus,
  type FormTemplateSummary,
  type formGroupCreateSchema,
  type formGroupUpdateSchema,
  type formTemplateCreateSchema,
  type formTemplatesQuerySchema,
  type formTemplateUpdateSchema,
} from '@lintel/contracts/forms';
import type { WorkflowGraph, WorkflowTemplate } from '@lintel/contracts/workflow';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { fromJson, toJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { AppError, type AppErrorDetail } from '../../plugins/app-error';
import type { ErrorKey } from '../../plugins/messages';
import type { OrgAccess } from '../org/access';
import { presentGroup, presentTemplate, presentTemplateSummary } from './forms.presenter';
import { createFormsRepository, type FormsRepository, type FormTemplateRow } from './forms.repository';
import { withFormTables } from './tables';

type Out<S extends z.ZodType> = z.output<S>;

/** A refusal whose answer carries more than the error body: the current record, the counts. */
export class FormsConflict extends AppError {
  constructor(
    key: ErrorKey,
    readonly extra: Record<string, unknown>,
    params: Record<string, string | number> = {},
    status = 409,
  ) {
    super(status, key, { params });
  }
}

/** What form templates need of workflow-service and the organisation (read-only). */
export interface FormTemplatePorts {
  /** workflow-service's template read (the caller's rights apply): the published version's graph. */
  workflowTemplate(user: User, id: string): Promise<WorkflowTemplate>;
  membersAmong(projectId: string, userIds: readonly string[]): Promise<ReadonlySet<string>>;
}

export interface FormTemplatesServiceDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  access: OrgAccess;
  ports: FormTemplatePorts;
}

const project = (id: string) => ({ type: 'project' as const, id });
const COPY_SUFFIX: Record<Language, string> = { 'zh-CN': '副本', 'en-US': 'copy' };

export function invalid(key: ErrorKey, path: string, params?: Record<string, string | number>): AppError {
  return new AppError(400, key, {
    ...(params ? { params } : {}),
    details: [{ path, key, ...(params ? { params } : {}) }],
  });
}

/** 400 naming every problem (the first one's key and message on top), or nothing when there is none. */
export function refuseAll(details: AppErrorDetail[]): void {
  const first = details[0];
  if (!first) return;
  throw new AppError(400, first.key, { params: first.params ?? {}, details });
}

function conflictOn(key: ErrorKey, path = 'groupId') {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw new AppError(409, key, { cause: error });
    if (isForeignKeyViolation(error)) {
      throw new AppError(400, 'forms.groupNotFound', {
        cause: error,
        details: [{ path, key: 'forms.groupNotFound' }],
      });
    }
    throw error;
  };
}

/**
 * Form template groups and templates of a project (issue 18). Project administrators manage them; members
 * read the groups and the enabled templates. Every write is one transaction; names are unique by index.
 */
export function createFormTemplatesService({ db, engine, clock, access, ports }: FormTemplatesServiceDeps) {
  const repository = createFormsRepository(withFormTables(db), engine);
  const now = () => clock.now().toISOString();
  const inTransaction = <T>(run: (repo: FormsRepository) => Promise<T>) =>
    db.transaction().execute((trx) => run(createFormsRepository(withFormTables(trx), engine)));

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

  async function openTemplate(user: User, id: string): Promise<FormTemplateRow> {
    const row = await repository.findTemplate(id);
    if (!row) throw new AppError(404, 'common.notFound');
    await access.requireScopeRole(user, project(row.project_id), 'admin');
    return row;
  }

  async function checkGroup(projectId: string, groupId: string | null | undefined): Promise<void> {
    if (!groupId) return;
    const group = await repository.findGroup(groupId);
    if (!group || group.project_id !== projectId) throw invalid('forms.groupNotFound', 'groupId');
  }

  /**
   * Everything a template's content must satisfy beyond its shape: the field definitions, the workflow (an
   * enabled, published workflow template of the project), the settlers (members), the field authorisation
   * (nodes of that workflow, keys of the fields). Answers the published graph, for nothing else.
   */
  async function checkContent(
    user: User,
    projectId: string,
    content: {
      kind: string;
      fields: FormField[];
      workflowTemplateId: string | null;
      settlers: string[];
      fieldAccess: FormFieldAccess;
    },
  ): Promise<void> {
    refuseAll(
      checkFieldDefinitions(content.fields).map((problem) => ({
        path: `fields.${problem.path}`,
        key: problem.key,
        params: { path: problem.path },
      })),
    );
    let graph: WorkflowGraph | null = null;
    if (content.kind === 'workflow') {
      if (!content.workflowTemplateId) throw invalid('forms.workflowRequired', 'workflowTemplateId');
      const workflow = await ports.workflowTemplate(user, content.workflowTemplateId).catch((error) => {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      });
      if (
        !workflow ||
        workflow.projectId !== projectId ||
        workflow.status !== 'enabled' ||
        !workflow.published
      ) {
        throw invalid('forms.workflowNotPublished', 'workflowTemplateId');
      }
      graph = workflow.published.graph;
    }
    if (content.settlers.length > 0) {
      const members = await ports.membersAmong(projectId, content.settlers);
      if (content.settlers.some((id) => !members.has(id)))
        throw invalid('forms.settlerNotMember', 'settlers');
    }
    const nodes = new Set((graph?.nodes ?? []).filter((n) => n.kind === 'approval').map((n) => n.id));
    const keys = new Set(content.fields.filter((f) => !DISPLAY_ONLY_KINDS.has(f.kind)).map((f) => f.key));
    const details: AppErrorDetail[] = [];
    for (const [nodeId, perField] of Object.entries(content.fieldAccess)) {
      if (!nodes.has(nodeId)) {
        details.push({ path: `fieldAccess.${nodeId}`, key: 'forms.accessUnknownNode', params: { nodeId } });
        continue;
      }
      for (const field of Object.keys(perField)) {
        if (!keys.has(field)) {
          details.push({
            path: `fieldAccess.${nodeId}.${field}`,
            key: 'forms.accessUnknownField',
            params: { field },
          });
        }
      }
    }
    refuseAll(details);
  }

  async function templateOut(id: string, repo: FormsRepository = repository): Promise<FormTemplate> {
    return presentTemplate((await repo.findTemplate(id))!);
  }

  async function copyName(projectId: string, name: string, language: Language): Promise<string> {
    const suffix = COPY_SUFFIX[language];
    for (let n = 1; n < 100; n++) {
      const tail = n === 1 ? ` ${suffix}` : ` ${suffix} ${n}`;
      const candidate = `${name.slice(0, FORM_TEMPLATE_NAME_MAX_LENGTH - tail.length)}${tail}`;
      if (!(await repository.nameTaken(projectId, candidate))) return candidate;
    }
    throw new AppError(409, 'forms.templateNameTaken');
  }

  return {
    // ── groups ──

    async listGroups(user: User, projectId: string): Promise<FormGroup[]> {
      const { admin } = await reader(user, projectId);
      const [rows, counts] = await Promise.all([
        repository.groups(projectId),
        repository.templateCountsByGroup(projectId, !admin),
      ]);
      return rows.map((row) => presentGroup(row, counts.get(row.id) ?? 0));
    },

    async createGroup(user: User, projectId: string, body: Out<typeof formGroupCreateSchema>) {
      await access.requireScopeRole(user, project(projectId), 'admin');
      const id = newId(clock.now().getTime());
      await inTransaction(async (repo) => {
        if (body.parentId) {
          const parent = await repo.findGroup(body.parentId);
          if (!parent || parent.project_id !== projectId) throw invalid('forms.groupNotFound', 'parentId');
          if (parent.parent_id !== null) throw invalid('forms.groupTooDeep', 'parentId');
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
          .catch(conflictOn('forms.groupNameTaken', 'parentId'));
      });
      return presentGroup((await repository.findGroup(id))!, 0);
    },

    async updateGroup(user: User, id: string, body: Out<typeof formGroupUpdateSchema>) {
      const row = await openGroup(user, id);
      await inTransaction(async (repo) => {
        const changes: { name?: string; parent_id?: string | null } = {};
        if (body.name !== undefined) changes.name = body.name;
        if (body.parentId !== undefined && body.parentId !== row.parent_id) {
          if (body.parentId !== null) {
            const parent = await repo.findGroup(body.parentId);
            if (!parent || parent.project_id !== row.project_id || parent.id === id) {
              throw invalid('forms.groupNotFound', 'parentId');
            }
            if (parent.parent_id !== null || (await repo.subgroupIds(id)).length > 0) {
              throw invalid('forms.groupTooDeep', 'parentId');
            }
          }
          changes.parent_id = body.parentId;
        }
        await repo.updateGroup(id, changes, now()).catch(conflictOn('forms.groupNameTaken', 'name'));
      });
      const counts = await repository.templateCountsByGroup(row.project_id, false);
      return presentGroup((await repository.findGroup(id))!, counts.get(id) ?? 0);
    },

    /**
     * Deletes the group, its subgroups and their templates when `confirm` equals the number of templates
     * (409 `forms.groupDeleteConfirm` with the counts otherwise). Templates with forms stay: 409.
     */
    async removeGroup(user: User, id: string, confirm: number | undefined) {
      const row = await openGroup(user, id);
      const run = () =>
        inTransaction(async (repo) => {
          const subgroups = await repo.subgroupIds(id);
          const groupIds = [id, ...subgroups];
          const templates = await repo.templateIdsIn(groupIds);
          const counts = { subgroups: subgroups.length, templates: templates.length };
          if ((subgroups.length > 0 || templates.length > 0) && confirm !== templates.length) {
            throw new FormsConflict('forms.groupDeleteConfirm', { counts }, counts);
          }
          if ((await repo.formCountOf(templates)) > 0) throw new AppError(409, 'forms.templateInUse');
          await repo.deleteTemplatesIn(groupIds);
          await repo.deleteGroupTree(id);
          return counts;
        });
      const counts = await run().catch((error: unknown) => {
        // A template saved into the group (or a form filled in) at the same moment: ask again.
        if (isForeignKeyViolation(error)) throw new AppError(409, 'forms.templateInUse', { cause: error });
        throw error;
      });
      return { projectId: row.project_id, name: row.name, counts };
    },

    // ── templates ──

    async listTemplates(
      user: User,
      projectId: string,
      query: Out<typeof formTemplatesQuerySchema>,
    ): Promise<FormTemplateSummary[] | { count: number }> {
      const { admin } = await reader(user, projectId);
      const filter = {
        projectId,
        groupId: query.groupId === 'none' ? null : query.groupId,
        status: admin ? query.status : 'enabled',
        kind: query.kind,
        name: query.name,
      };
      // A member asking for disabled templates sees none.
      if (!admin && query.status === 'disabled') return query.only_count ? { count: 0 } : [];
      if (query.only_count) return { count: await repository.countTemplates(filter) };
      const rows = await repository.listTemplates(filter, query.skip, query.limit);
      return rows.map(presentTemplateSummary);
    },

    /** Administrators: any template of the project; members: enabled ones. */
    async getTemplate(user: User, id: string): Promise<FormTemplate> {
      const row = await repository.findTemplate(id);
      if (!row) throw new AppError(404, 'common.notFound');
      const { admin } = await reader(user, row.project_id);
      if (!admin && row.status !== 'enabled') throw new AppError(404, 'common.notFound');
      return presentTemplate(row);
    },

    async createTemplate(
      user: User,
      projectId: string,
      body: Out<typeof formTemplateCreateSchema>,
    ): Promise<FormTemplate> {
      await access.requireScopeRole(user, project(projectId), 'admin');
      const workflowTemplateId = body.kind === 'workflow' ? body.workflowTemplateId : null;
      const fieldAccess = body.kind === 'workflow' ? body.fieldAccess : {};
      await checkGroup(projectId, body.groupId);
      await checkContent(user, projectId, { ...body, workflowTemplateId, fieldAccess });
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
            kind: body.kind,
            scope: body.scope,
            status: body.status,
            fields: toJson(body.fields),
            workflow_template_id: workflowTemplateId,
            settlers: toJson([...new Set(body.settlers)]),
            field_access: toJson(fieldAccess),
            revision: 1,
            created_by: user._id,
            created_at: at,
            updated_at: at,
          })
          .catch(conflictOn('forms.templateNameTaken')),
      );
      return templateOut(id);
    },

    /** `revision` as read: a stale one is 409 `forms.staleTemplate` with the template as it is now. */
    async updateTemplate(user: User, id: string, body: Out<typeof formTemplateUpdateSchema>) {
      const row = await openTemplate(user, id);
      if (body.revision !== row.revision) {
        throw new FormsConflict('forms.staleTemplate', { current: presentTemplate(row) });
      }
      if (body.groupId !== undefined) await checkGroup(row.project_id, body.groupId);
      const kind = body.kind ?? row.kind;
      const content = {
        kind,
        fields: body.fields ?? fromJson<FormField[]>(row.fields, []),
        workflowTemplateId:
          kind === 'workflow'
            ? body.workflowTemplateId !== undefined
              ? body.workflowTemplateId
              : row.workflow_template_id
            : null,
        settlers: body.settlers ?? fromJson<string[]>(row.settlers, []),
        fieldAccess:
          kind === 'workflow' ? (body.fieldAccess ?? fromJson<FormFieldAccess>(row.field_access, {})) : {},
      };
      // A change of name, group or description alone keeps the content as it was accepted (a workflow
      // disabled since then does not block renaming the template).
      const contentChanged = [
        body.kind,
        body.fields,
        body.workflowTemplateId,
        body.settlers,
        body.fieldAccess,
      ].some((value) => value !== undefined);
      if (contentChanged) await checkContent(user, row.project_id, content);
      const updated = await inTransaction(async (repo) => {
        const changes: Parameters<FormsRepository['updateTemplateAt']>[2] = {
          kind,
          fields: toJson(content.fields),
          workflow_template_id: content.workflowTemplateId,
          settlers: toJson([...new Set(content.settlers)]),
          field_access: toJson(content.fieldAccess),
        };
        if (body.name !== undefined) changes.name = body.name;
        if (body.groupId !== undefined) changes.group_id = body.groupId;
        if (body.description !== undefined) changes.description = body.description;
        const done = await repo
          .updateTemplateAt(id, body.revision, changes, now())
          .catch(conflictOn('forms.templateNameTaken'));
        return done ? templateOut(id, repo) : null;
      });
      if (updated) return updated;
      throw new FormsConflict('forms.staleTemplate', { current: await templateOut(id) });
    },

    /** A status change keeps the revision (it must not invalidate an open designer). */
    async setStatus(user: User, id: string, status: FormTemplateStatus): Promise<FormTemplate> {
      await openTemplate(user, id);
      return inTransaction(async (repo) => {
        await repo.setTemplateStatus(id, status, now());
        return templateOut(id, repo);
      });
    },

    /** A template with forms is kept (409 `forms.templateInUse`): disable it instead. */
    async removeTemplate(user: User, id: string): Promise<{ projectId: string; name: string }> {
      const row = await openTemplate(user, id);
      await inTransaction(async (repo) => {
        if ((await repo.formCountOf([id])) > 0) throw new AppError(409, 'forms.templateInUse');
        await repo.deleteTemplate(id);
      }).catch((error: unknown) => {
        if (isForeignKeyViolation(error)) throw new AppError(409, 'forms.templateInUse', { cause: error });
        throw error;
      });
      return { projectId: row.project_id, name: row.name };
    },

    /** A new template with the source's content: "<name> 副本" ("copy"), or the name given. */
    async copyTemplate(user: User, id: string, name: string | undefined, language: Language) {
      const row = await openTemplate(user, id);
      const copyId = newId(clock.now().getTime());
      const at = now();
      const chosen = name ?? (await copyName(row.project_id, row.name, language));
      await inTransaction((repo) =>
        repo
          .insertTemplate({
            ...row,
            id: copyId,
            name: chosen,
            revision: 1,
            created_by: user._id,
            created_at: at,
            updated_at: at,
          })
          .catch(conflictOn('forms.templateNameTaken')),
      );
      return templateOut(copyId);
    },
  };
}
export type FormTemplatesService = ReturnType<typeof createFormTemplatesService>;
