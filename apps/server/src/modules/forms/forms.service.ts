import type { User } from '@lintel/contracts/account';
import {
  checkFormValues,
  type FormAction,
  type FormDetail,
  type FormField,
  type FormFieldAccess,
  type FormListItem,
  type FormState,
  type formCreateSchema,
  type formsQuerySchema,
  type formUpdateSchema,
} from '@lintel/contracts/forms';
import type {
  WorkflowAction,
  WorkflowChart,
  WorkflowGraph,
  WorkflowLogEntry,
} from '@lintel/contracts/workflow';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import { newId } from '../../db/ids';
import { fromJson, toJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import type { NotificationsModule } from '../notifications/index';
import type { OrgAccess } from '../org/access';
import { type WorkflowEngine, WorkflowRefusal, type WorkflowResult } from '../workflow/index';
import { FormsConflict, type FormTemplatePorts, refuseAll } from './form-templates.service';
import { presentDetail, presentListItem, type TemplateInfo } from './forms.presenter';
import { createFormsRepository, type FormRow, type FormsRepository } from './forms.repository';
import {
  EDITABLE_STATES,
  effectiveFieldAccess,
  NO_NODE_RULES,
  nodeRulesOf,
  type Viewer,
} from './forms.rules';
import { withFormTables } from './tables';

type Out<S extends z.ZodType> = z.output<S>;

export interface FormsServiceDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  access: OrgAccess;
  ports: FormTemplatePorts;
  workflowEngine: WorkflowEngine;
  notifications: Pick<NotificationsModule, 'closeTodo'>;
}

const project = (id: string) => ({ type: 'project' as const, id });
export const formLink = (projectId: string, id: string) => `/projects/${projectId}/forms/${id}`;

/** Engine actions after which the actor has "processed" the form (the list's tab). */
const PROCESSING_ACTIONS = new Set(['pass', 'reject', 'forward', 'addSigner', 'close']);

/** The values' problems as a 400 naming `values.<path>`. */
function refuseValues(problems: ReturnType<typeof checkFormValues>['problems']): void {
  refuseAll(
    problems.map((problem) => ({
      path: `values.${problem.path}`,
      key: problem.key,
      params: { ...(problem.params ?? {}), path: problem.path },
    })),
  );
}

/** What a submission with a workflow needs, read before the transaction (another connection's read). */
interface Prepared {
  graph: WorkflowGraph;
  version: number;
  workflowTemplateId: string;
}

/**
 * Forms (issue 18): filled-in form templates, submitted into the approval engine. The service checks the
 * caller's rights on the project and on the form, checks values with the contracts' `checkFormValues`,
 * calls the engine inside its own transaction, mirrors the instance's state onto the form (state, current
 * node, handlers, cc, who processed it) in the same transaction, and delivers the engine's effects after
 * the commit.
 */
export function createFormsService({
  db,
  engine,
  clock,
  access,
  ports,
  workflowEngine,
  notifications,
}: FormsServiceDeps) {
  const repository = createFormsRepository(withFormTables(db), engine);
  const now = () => clock.now().toISOString();

  async function templateInfo(templateId: string): Promise<TemplateInfo> {
    const row = await repository.findTemplate(templateId);
    return { name: row?.name ?? '', groupId: row?.group_id ?? null, scope: row?.scope ?? 'custom' };
  }

  async function viewerOf(user: User, row: FormRow, admin: boolean): Promise<Viewer & { reads: boolean }> {
    const roles = await repository.rolesOf(row.id, user._id);
    const initiator = row.initiator_id === user._id;
    const settler = fromJson<string[]>(row.settlers, []).includes(user._id);
    const reads = initiator || (row.state !== 'init' && (admin || settler || roles.size > 0));
    return { userId: user._id, admin, initiator, handler: roles.has('handler'), settler, reads };
  }

  /** The form, when the caller may read it: 404 otherwise (outside the project, another tenant's, drafts). */
  async function openForm(user: User, id: string) {
    const row = await repository.findForm(id);
    if (!row) throw new AppError(404, 'common.notFound');
    const scope = await access.requireScopeRole(user, project(row.project_id), 'read');
    const viewer = await viewerOf(user, row, scope.role === 'admin' || scope.role === null);
    if (!viewer.reads) throw new AppError(404, 'common.notFound');
    return { row, viewer };
  }

  async function detailOf(user: User, id: string): Promise<FormDetail> {
    const { row, viewer } = await openForm(user, id);
    const [template, handlers] = await Promise.all([
      templateInfo(row.template_id),
      repository.handlersOf([row.id]),
    ]);
    let instance: FormDetail['instance'] = null;
    if (row.instance_id) {
      const view = await workflowEngine.instance(db, row.instance_id);
      instance = {
        _id: view._id,
        templateVersion: view.templateVersion,
        revision: view.revision,
        route: view.route,
        dueAt: view.dueAt,
        nextUrgeAt: view.nextUrgeAt,
        showLog: fromJson(row.node_rules, NO_NODE_RULES).showLog,
      };
    }
    return presentDetail(row, template, handlers.get(row.id) ?? [], viewer, instance, clock.now());
  }

  /** The workflow a submission runs on: the template's, enabled and published (else 400). */
  async function prepare(user: User, workflowTemplateId: string | null): Promise<Prepared> {
    if (!workflowTemplateId) throw new AppError(400, 'forms.workflowRequired');
    const workflow = await ports.workflowTemplate(user, workflowTemplateId).catch((error) => {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    });
    if (!workflow?.published || workflow.status !== 'enabled') {
      throw new AppError(400, 'workflow.templateNotPublished');
    }
    return { graph: workflow.published.graph, version: workflow.published.version, workflowTemplateId };
  }

  /** The engine's instance mirrored onto the form, and who the form now concerns. */
  async function mirror(
    repo: FormsRepository,
    row: FormRow,
    result: WorkflowResult,
    actor: string,
    action: string,
    extra: Parameters<FormsRepository['updateFormAt']>[2] = {},
  ): Promise<void> {
    const instance = result.instance;
    const processing = instance.state === 'processing';
    const done = await repo.updateFormAt(
      row.id,
      row.revision,
      {
        ...extra,
        state: instance.state,
        instance_id: instance._id,
        current_node_id: processing ? (instance.currentNode?.id ?? null) : null,
        current_node_name: processing ? (instance.currentNode?.name ?? null) : null,
        due_at: instance.dueAt,
        submitted_at: instance.submittedAt,
        finished_at: instance.finishedAt,
      },
      now(),
    );
    if (!done) throw new AppError(409, 'forms.staleForm');
    await repo.replaceHandlers(row.id, instance.handlers);
    await repo.addPeople(row.id, instance.handlers, 'approver');
    if (PROCESSING_ACTIONS.has(action) && !(action === 'close' && actor === row.initiator_id)) {
      await repo.addPeople(row.id, [actor], 'processed');
    }
    for (const effect of result.effects) {
      if (effect.kind === 'notify' && effect.event === 'ccPassed') {
        await repo.addPeople(row.id, effect.userIds, 'cc');
      }
    }
  }

  /** Submits a saved form inside the caller's transaction: executed (no workflow) or into the engine. */
  async function submitIn(
    trx: Kysely<Database>,
    repo: FormsRepository,
    row: FormRow,
    values: Record<string, unknown>,
    prepared: Prepared | null,
    picks: Record<string, string[]> | undefined,
  ): Promise<WorkflowResult | null> {
    const at = now();
    if (!prepared) {
      const done = await repo.updateFormAt(
        row.id,
        row.revision,
        { state: 'executed', submitted_at: at, finished_at: at },
        at,
      );
      if (!done) throw new AppError(409, 'forms.staleForm');
      return null;
    }
    const result = await workflowEngine.start(trx, {
      projectId: row.project_id,
      templateId: prepared.workflowTemplateId,
      subject: { module: 'form', id: row.id, title: row.name, link: formLink(row.project_id, row.id) },
      initiator: row.initiator_id,
      values,
      ...(picks ? { pickedApprovers: picks } : {}),
    });
    // Published again between the read and the start: the rules copied would not be the pinned version's.
    if (result.instance.templateVersion !== prepared.version) throw new AppError(409, 'forms.staleForm');
    const fieldAccess = fromJson<FormFieldAccess>(row.field_access, {});
    await mirror(repo, row, result, row.initiator_id, 'submit', {
      field_access: toJson(effectiveFieldAccess(prepared.graph, fieldAccess)),
      node_rules: toJson(nodeRulesOf(prepared.graph)),
    });
    return result;
  }

  /** Runs `work` in one transaction; the engine's effects are delivered after the commit. */
  async function transaction(
    work: (trx: Kysely<Database>, repo: FormsRepository) => Promise<WorkflowResult | null>,
  ): Promise<void> {
    const result = await db
      .transaction()
      .execute((trx) => work(trx, createFormsRepository(withFormTables(trx), engine)));
    if (result) await workflowEngine.deliver(result.effects);
  }

  /** A refusal of the engine (someone acted first, too soon to urge) answered with the form as it is now. */
  async function refusing<T>(user: User, id: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof WorkflowRefusal) {
        const current = await detailOf(user, id);
        const extra = 'nextAt' in error.extra ? { nextAt: error.extra.nextAt } : {};
        throw new FormsConflict(error.key, { ...extra, current }, error.params, error.status);
      }
      if (error instanceof AppError && error.status === 409 && error.key === 'forms.staleForm') {
        throw new FormsConflict('forms.staleForm', { current: await detailOf(user, id) });
      }
      throw error;
    }
  }

  return {
    formLink,

    async list(
      user: User,
      projectId: string,
      query: Out<typeof formsQuerySchema>,
    ): Promise<FormListItem[] | { count: number }> {
      const scope = await access.requireScopeRole(user, project(projectId), 'read');
      const filter = {
        projectId,
        reader: { userId: user._id, admin: scope.role === 'admin' || scope.role === null },
        tab: query.filter,
        state: query.state,
        templateId: query.templateId,
        name: query.name,
      };
      if (query.only_count) return { count: await repository.countForms(filter) };
      const rows = await repository.listForms(filter, query.skip, query.limit);
      const [templates, handlers] = await Promise.all([
        repository.templatesByIds(rows.map((row) => row.template_id)),
        repository.handlersOf(rows.map((row) => row.id)),
      ]);
      const byId = new Map(templates.map((t) => [t.id, t]));
      const at = clock.now();
      return rows.map((row) => {
        const template = byId.get(row.template_id);
        return presentListItem(
          row,
          {
            name: template?.name ?? '',
            groupId: template?.group_id ?? null,
            scope: template?.scope ?? 'custom',
          },
          handlers.get(row.id) ?? [],
          at,
        );
      });
    },

    get: detailOf,

    /** A draft, or a submitted form: values checked against the template's fields (400 `values.<path>`). */
    async create(user: User, body: Out<typeof formCreateSchema>): Promise<FormDetail> {
      const template = await repository.findTemplate(body.templateId);
      if (!template) throw new AppError(404, 'common.notFound');
      await access.requireScopeRole(user, project(template.project_id), 'read');
      if (template.status !== 'enabled') throw new AppError(400, 'forms.templateDisabled');
      const fields = fromJson<FormField[]>(template.fields, []);
      const checked = checkFormValues(fields, body.values, { draft: !body.submit });
      refuseValues(checked.problems);
      const prepared =
        body.submit && template.kind === 'workflow'
          ? await prepare(user, template.workflow_template_id)
          : null;
      const id = newId(clock.now().getTime());
      const at = now();
      await transaction(async (trx, repo) => {
        await repo.insertForm({
          id,
          project_id: template.project_id,
          template_id: template.id,
          name: body.name ?? template.name,
          kind: template.kind,
          state: 'init',
          fields: template.fields,
          field_access: template.field_access,
          node_rules: toJson(NO_NODE_RULES),
          settlers: template.settlers,
          form_values: toJson(checked.values),
          initiator_id: user._id,
          instance_id: null,
          current_node_id: null,
          current_node_name: null,
          due_at: null,
          revision: 1,
          settled_by: null,
          settled_at: null,
          submitted_at: null,
          finished_at: null,
          created_at: at,
          updated_at: at,
        });
        if (!body.submit) return null;
        const row = (await repo.findForm(id))!;
        return submitIn(trx, repo, row, checked.values, prepared, body.pickedApprovers);
      });
      return detailOf(user, id);
    },

    /**
     * The initiator edits a draft (its fields follow the template until it is submitted) or a recalled or
     * rejected-to-start form (pinned fields); `submit` submits or resubmits it.
     */
    async update(user: User, id: string, body: Out<typeof formUpdateSchema>): Promise<FormDetail> {
      const { row } = await openForm(user, id);
      if (row.initiator_id !== user._id) throw new AppError(403, 'forms.notEditable');
      const state = row.state as FormState;
      if (!EDITABLE_STATES.has(state) || body.revision !== row.revision) {
        throw new FormsConflict(EDITABLE_STATES.has(state) ? 'forms.staleForm' : 'forms.wrongState', {
          current: await detailOf(user, id),
        });
      }
      const template = state === 'init' ? await repository.findTemplate(row.template_id) : undefined;
      if (state === 'init' && body.submit && template?.status !== 'enabled') {
        throw new AppError(400, 'forms.templateDisabled');
      }
      const fieldsJson = template ? template.fields : row.fields;
      const fields = fromJson<FormField[]>(fieldsJson, []);
      const previous = fromJson<Record<string, unknown>>(row.form_values, {});
      const checked = checkFormValues(fields, body.values ?? previous, { previous, draft: !body.submit });
      refuseValues(checked.problems);
      const prepared =
        body.submit && state === 'init' && row.kind === 'workflow'
          ? await prepare(user, template?.workflow_template_id ?? null)
          : null;
      await refusing(user, id, () =>
        transaction(async (trx, repo) => {
          const changes = {
            form_values: toJson(checked.values),
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(template
              ? {
                  fields: template.fields,
                  field_access: template.field_access,
                  settlers: template.settlers,
                }
              : {}),
          };
          if (!(await repo.updateFormAt(id, row.revision, changes, now()))) {
            throw new AppError(409, 'forms.staleForm');
          }
          const saved = (await repo.findForm(id))!;
          if (!body.submit) return null;
          if (state === 'init') {
            return submitIn(trx, repo, saved, checked.values, prepared, body.pickedApprovers);
          }
          const action: WorkflowAction = {
            action: 'resubmit',
            values: checked.values,
            ...(body.pickedApprovers ? { pickedApprovers: body.pickedApprovers } : {}),
          };
          const result = await workflowEngine.act(
            trx,
            saved.instance_id!,
            user._id,
            action,
            formLink(saved.project_id, id),
          );
          await mirror(repo, saved, result, user._id, 'resubmit');
          return result;
        }),
      );
      return detailOf(user, id);
    },

    /** The initiator deletes a draft; project administrators any form (its to-dos are closed). */
    async remove(user: User, id: string): Promise<{ projectId: string; name: string }> {
      const { row, viewer } = await openForm(user, id);
      if (!viewer.admin && !(viewer.initiator && row.state === 'init')) {
        throw new AppError(403, 'common.forbidden');
      }
      await db
        .transaction()
        .execute((trx) => createFormsRepository(withFormTables(trx), engine).deleteForm(id));
      if (row.instance_id) await notifications.closeTodo({ module: 'form', recordId: id }).catch(() => {});
      return { projectId: row.project_id, name: row.name };
    },

    /** An action of the engine, or `settle`; a refusal is answered with the form as it is now. */
    async act(user: User, id: string, action: FormAction): Promise<FormDetail> {
      const { row, viewer } = await openForm(user, id);
      if (action.action === 'settle') {
        if (!viewer.settler) throw new AppError(403, 'forms.notSettler');
        const stale = action.revision !== undefined && action.revision !== row.revision;
        if (stale || (row.state !== 'completed' && row.state !== 'executed')) {
          throw new FormsConflict(stale ? 'forms.staleForm' : 'forms.wrongState', {
            current: await detailOf(user, id),
          });
        }
        await refusing(user, id, () =>
          transaction(async (_trx, repo) => {
            const at = now();
            const changes = { state: 'settled', settled_by: user._id, settled_at: at };
            if (!(await repo.updateFormAt(id, row.revision, changes, at))) {
              throw new AppError(409, 'forms.staleForm');
            }
            return null;
          }),
        );
        return detailOf(user, id);
      }
      if (row.state === 'init') {
        throw new FormsConflict('forms.wrongState', { current: await detailOf(user, id) });
      }
      if (!row.instance_id) throw new AppError(400, 'forms.noWorkflow');
      let engineAction: WorkflowAction = action;
      if (action.action === 'resubmit') {
        const fields = fromJson<FormField[]>(row.fields, []);
        const previous = fromJson<Record<string, unknown>>(row.form_values, {});
        const checked = checkFormValues(fields, action.values ?? previous, { previous });
        refuseValues(checked.problems);
        engineAction = { ...action, values: checked.values };
      }
      await refusing(user, id, () =>
        transaction(async (trx, repo) => {
          const result = await workflowEngine.act(
            trx,
            row.instance_id!,
            user._id,
            engineAction,
            formLink(row.project_id, id),
          );
          // A comment or a reminder changes nothing of the form.
          if (action.action === 'comment' || action.action === 'urge') return result;
          const values =
            engineAction.action === 'resubmit' ? { form_values: toJson(engineAction.values ?? {}) } : {};
          await mirror(repo, (await repo.findForm(id))!, result, user._id, action.action, values);
          return result;
        }),
      );
      return detailOf(user, id);
    },

    async log(user: User, id: string): Promise<WorkflowLogEntry[]> {
      const { row, viewer } = await openForm(user, id);
      if (!row.instance_id) return [];
      const showLog = fromJson(row.node_rules, NO_NODE_RULES).showLog;
      if (!showLog && !viewer.admin) throw new AppError(403, 'common.forbidden');
      return workflowEngine.log(db, row.instance_id);
    },

    async chart(user: User, id: string): Promise<WorkflowChart> {
      const { row } = await openForm(user, id);
      if (!row.instance_id) throw new AppError(400, 'forms.noWorkflow');
      return workflowEngine.chart(db, row.instance_id);
    },
  };
}
export type FormsService = ReturnType<typeof createFormsService>;
