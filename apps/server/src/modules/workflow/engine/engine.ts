import type { NotificationModule } from '@lintel/contracts/notifications';
import {
  type ApprovalMode,
  type ApprovalNode,
  type ApproverSource,
  chooseEdge,
  type FormValues,
  nodeProgress,
  OPINION_KINDS,
  type OpinionKind,
  routeThrough,
  WORKFLOW_URGE_INTERVAL_MS,
  type WorkflowAction,
  type WorkflowApprover,
  type WorkflowChart,
  type WorkflowGraph,
  type WorkflowInstance,
  type WorkflowInstanceState,
  type WorkflowLogAction,
  type WorkflowLogEntry,
  type WorkflowNode,
  type WorkflowOpinion,
  workflowDelayBand,
  workflowDelayDays,
} from '@lintel/contracts/workflow';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import { newId } from '../../../db/ids';
import { fromJson, toJson } from '../../../db/json';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../plugins/app-error';
import type { ErrorKey } from '../../../plugins/messages';
import { createDirectory, withSubDepartments } from '../../directory/index';
import { type NotificationsModule, templated } from '../../notifications/index';
import { createOrgRepository } from '../../org/org.repository';
import { type WorkflowDatabase, withWorkflowTables } from '../tables';

/**
 * The approval engine (issue 18, DESIGN.md §2b): runs instances of published workflow templates for the
 * modules that own the records (forms now; tasks, plans, programmes, document reviews later). A module
 * calls it inside its own transaction — `start(trx, …)`, `act(trx, …)` — and, after the commit, hands the
 * returned effects to `deliver` (to-dos and notifications are produced by the notifications module in its
 * own transactions, best effort: they never undo an approval).
 *
 * The engine checks the workflow's rules (who is a handler, node permissions, opinions, states); the
 * module checks the caller's rights on its record and tenant before calling.
 */

export interface WorkflowSubject {
  /** The owning module, as the notifications know it (to-dos are filed under it). */
  module: NotificationModule;
  /** The module's record (a form); one instance per record. */
  id: string;
  title: string;
  /** The record's page in the web app, for to-dos and notifications. */
  link?: string;
}

export interface StartInput {
  projectId: string;
  templateId: string;
  subject: WorkflowSubject;
  initiator: string;
  values: FormValues;
  /** Node id → the people the initiator picked for its `initiatorPicks` source. */
  pickedApprovers?: Record<string, string[]>;
}

/** Someone else acted first (or the instance is not where the actor saw it): 409 with the current state. */
export class WorkflowRefusal extends AppError {
  constructor(
    status: number,
    key: ErrorKey,
    readonly extra: Record<string, unknown>,
    params: Record<string, string | number> = {},
  ) {
    super(status, key, { params });
  }
}

export type WorkflowApproverView = WorkflowApprover;
export type WorkflowInstanceView = WorkflowInstance;

/** What to tell people once the caller's transaction has committed. */
export type WorkflowEffect =
  /** content: the node's name (the designer's words; to-dos have no templates). */
  | { kind: 'todo'; userIds: string[]; subject: WorkflowSubjectRef; content: string; dueAt: string | null }
  | { kind: 'closeTodo'; userIds?: string[]; subject: WorkflowSubjectRef }
  | {
      kind: 'notify';
      userIds: string[];
      subject: WorkflowSubjectRef;
      /** The notifications' `workflowEvent` template, in the reader's language. */
      event: 'ccPassed' | 'urged' | 'completed' | 'closed';
      nodeName: string;
      senderId: string | null;
    };

interface WorkflowSubjectRef {
  module: NotificationModule;
  id: string;
  title: string;
  projectId: string;
  link: string;
}

export interface WorkflowResult {
  instance: WorkflowInstanceView;
  effects: WorkflowEffect[];
}

/** The people of a project as approver sources resolve them. */
export interface ProjectPeople {
  members: Array<{ userId: string; department: string; templateId: string | null }>;
  departments: Array<{ id: string; parentId: string | null }>;
}

export interface WorkflowEngineDeps {
  db: Kysely<Database>;
  clock: Clock;
  notifications: Pick<NotificationsModule, 'notify' | 'addTodo' | 'closeTodo'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Members, departments and permission-template holders (org's repositories, read in the transaction). */
  people?: (trx: Kysely<Database>, projectId: string) => Promise<ProjectPeople>;
}

async function orgPeople(trx: Kysely<Database>, projectId: string): Promise<ProjectPeople> {
  const [rows, departments] = await Promise.all([
    createOrgRepository(trx).membersOf('project', projectId),
    createDirectory(trx).departments(projectId),
  ]);
  return {
    members: rows.map((row) => ({
      userId: row.user_id,
      department: row.department,
      templateId: row.template_id,
    })),
    departments,
  };
}

type Db = Kysely<WorkflowDatabase>;
type InstanceRow = Awaited<ReturnType<typeof findInstance>>;

function findInstance(db: Db, id: string) {
  return db.selectFrom('workflow_instances').selectAll().where('id', '=', id).executeTakeFirst();
}

const OPINION_REQUIRED: Record<OpinionKind, ErrorKey> = {
  text: 'workflow.opinionTextRequired',
  image: 'workflow.opinionImageRequired',
  file: 'workflow.opinionFileRequired',
  mail: 'workflow.opinionMailRequired',
  signature: 'workflow.opinionSignatureRequired',
};

function opinionHas(opinion: WorkflowOpinion, kind: OpinionKind): boolean {
  switch (kind) {
    case 'text':
      return (opinion.text ?? '').trim() !== '';
    case 'image':
      return (opinion.imageIds ?? []).length > 0;
    case 'file':
      return (opinion.fileIds ?? []).length > 0;
    case 'mail':
      return (opinion.mail ?? []).length > 0;
    default:
      return opinion.signatureFileId !== undefined;
  }
}

/** The node's opinion settings: a required kind missing or a kind the node turns off is a 400 naming it. */
function checkOpinion(node: ApprovalNode, opinion: WorkflowOpinion): void {
  for (const kind of OPINION_KINDS) {
    const setting = node.opinions[kind];
    const has = opinionHas(opinion, kind);
    const params = { nodeId: node.id, nodeName: node.name, kind };
    if (setting === 'required' && !has) {
      throw new AppError(400, OPINION_REQUIRED[kind], {
        params,
        details: [{ path: `opinion.${kind}`, key: OPINION_REQUIRED[kind], params }],
      });
    }
    if (setting === 'off' && has) {
      throw new AppError(400, 'workflow.opinionKindOff', {
        params,
        details: [{ path: `opinion.${kind}`, key: 'workflow.opinionKindOff', params }],
      });
    }
  }
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

export function createWorkflowEngine({
  db,
  clock,
  notifications,
  log,
  people = orgPeople,
}: WorkflowEngineDeps) {
  const now = () => clock.now().toISOString();

  function nodeOf(graph: WorkflowGraph, id: string | null): WorkflowNode | undefined {
    return id === null ? undefined : graph.nodes.find((node) => node.id === id);
  }

  async function approverRows(w: Db, row: NonNullable<InstanceRow>) {
    return w
      .selectFrom('workflow_instance_approvers')
      .selectAll()
      .where('instance_id', '=', row.id)
      .where('round', '=', row.round)
      .orderBy('position')
      .execute();
  }

  function progressOf(row: NonNullable<InstanceRow>, rows: Awaited<ReturnType<typeof approverRows>>) {
    const active = rows.filter((r) => r.decision !== 'forwarded' && r.decision !== 'removed');
    const acts = active
      .filter((r) => r.decision === 'pass' || r.decision === 'reject')
      .sort((a, b) => (a.decided_seq ?? 0) - (b.decided_seq ?? 0))
      .map((r) => ({ userId: r.user_id, decision: r.decision as 'pass' | 'reject' }));
    return nodeProgress(
      (row.round_mode ?? 'any') as ApprovalMode,
      active.map((r) => r.user_id),
      acts,
    );
  }

  async function view(w: Db, row: NonNullable<InstanceRow>): Promise<WorkflowInstanceView> {
    const graph = fromJson<WorkflowGraph>(row.graph, { nodes: [], edges: [], controls: {} as never });
    const node = nodeOf(graph, row.current_node);
    const rows = row.state === 'processing' ? await approverRows(w, row) : [];
    const handlers = row.state === 'processing' ? progressOf(row, rows).handlers : [];
    const at = clock.now();
    const delayDays = workflowDelayDays(row.node_due_at, at, row.finished_at);
    const nextUrge = row.last_urged_at
      ? new Date(new Date(row.last_urged_at).getTime() + WORKFLOW_URGE_INTERVAL_MS)
      : null;
    return {
      _id: row.id,
      projectId: row.project_id,
      templateId: row.template_id,
      templateVersion: row.template_version,
      subject: { module: row.subject_module, id: row.subject_id, title: row.subject_title },
      initiatorId: row.initiator_id,
      state: row.state as WorkflowInstanceState,
      currentNode: node ? { id: node.id, name: node.name, kind: node.kind } : null,
      mode: (row.round_mode as ApprovalMode | null) ?? null,
      round: row.round,
      revision: row.revision,
      handlers,
      approvers: rows.map(presentApprover),
      route: fromJson<string[]>(row.route, []),
      dueAt: row.node_due_at,
      delayDays,
      delayBand: workflowDelayBand(delayDays),
      submittedAt: row.submitted_at,
      finishedAt: row.finished_at,
      nextUrgeAt: nextUrge && nextUrge > at ? nextUrge.toISOString() : null,
    };
  }

  function presentApprover(r: {
    user_id: string;
    position: number;
    decision: string | null;
    decided_at: string | null;
    added_by: string | null;
  }): WorkflowApproverView {
    return {
      userId: r.user_id,
      position: r.position,
      decision: r.decision as WorkflowApprover['decision'],
      decidedAt: r.decided_at,
      addedBy: r.added_by as WorkflowApprover['addedBy'],
    };
  }

  /**
   * The people a node's sources name now (at node entry): members of the project only, in source order,
   * each once. Picks of people who are not members are ignored here (refused at start and pass).
   */
  async function resolve(
    trx: Kysely<Database>,
    projectId: string,
    sources: readonly ApproverSource[],
    picked: readonly string[],
  ): Promise<string[]> {
    if (sources.length === 0) return [];
    const { members, departments } = await people(trx, projectId);
    const memberIds = new Set(members.map((m) => m.userId));
    const found: string[] = [];
    for (const source of sources) {
      if (source.kind === 'members') found.push(...source.userIds.filter((id) => memberIds.has(id)));
      else if (source.kind === 'department') {
        const within = withSubDepartments(departments, [source.departmentId]);
        found.push(...members.filter((m) => within.has(m.department)).map((m) => m.userId));
      } else if (source.kind === 'template') {
        found.push(...members.filter((m) => m.templateId === source.templateId).map((m) => m.userId));
      } else found.push(...picked.filter((id) => memberIds.has(id)));
    }
    return unique(found);
  }

  async function checkPicks(trx: Kysely<Database>, projectId: string, picks: Record<string, string[]>) {
    const ids = unique(Object.values(picks).flat());
    if (ids.length === 0) return;
    const memberIds = new Set((await people(trx, projectId)).members.map((m) => m.userId));
    const wrong = ids.filter((id) => !memberIds.has(id));
    if (wrong.length > 0) {
      throw new AppError(400, 'workflow.pickNotMember', {
        details: [{ path: 'pickedApprovers', key: 'workflow.pickNotMember' }],
      });
    }
  }

  /**
   * One action's writes, after the instance row was claimed at the revision read: the log entries and the
   * row's changes, and the effects to deliver after the commit.
   */
  class Step {
    readonly effects: WorkflowEffect[] = [];
    seq: number;
    readonly changes: Partial<NonNullable<InstanceRow>> = {};
    readonly at = now();

    constructor(
      readonly trx: Kysely<Database>,
      readonly w: Db,
      public row: NonNullable<InstanceRow>,
      readonly graph: WorkflowGraph,
      readonly subject: WorkflowSubjectRef,
    ) {
      this.seq = row.log_seq;
    }

    set<K extends keyof NonNullable<InstanceRow>>(key: K, value: NonNullable<InstanceRow>[K]) {
      this.changes[key] = value;
      this.row = { ...this.row, [key]: value };
    }

    async append(
      actorId: string | null,
      action: WorkflowLogAction,
      extra: {
        nodeId?: string | null;
        opinion?: WorkflowOpinion;
        targetNode?: string;
        targetUser?: string;
      } = {},
    ): Promise<number> {
      this.seq += 1;
      await this.w
        .insertInto('workflow_log')
        .values({
          id: newId(clock.now().getTime()),
          instance_id: this.row.id,
          seq: this.seq,
          actor_id: actorId,
          action,
          node_id: extra.nodeId === undefined ? this.row.current_node : extra.nodeId,
          round: this.row.round,
          opinion: toJson(extra.opinion ?? {}),
          target_node: extra.targetNode ?? null,
          target_user: extra.targetUser ?? null,
          at: this.at,
        })
        .execute();
      return this.seq;
    }

    todo(userIds: readonly string[], content: string) {
      if (userIds.length === 0) return;
      this.effects.push({
        kind: 'todo',
        userIds: [...userIds],
        subject: this.subject,
        content,
        dueAt: this.row.node_due_at,
      });
    }

    closeTodo(userIds?: readonly string[]) {
      if (userIds && userIds.length === 0) return;
      this.effects.push({
        kind: 'closeTodo',
        subject: this.subject,
        ...(userIds ? { userIds: [...userIds] } : {}),
      });
    }

    notify(
      userIds: readonly string[],
      event: 'ccPassed' | 'completed' | 'closed',
      nodeName: string,
      senderId: string | null,
    ) {
      if (userIds.length === 0) return;
      this.effects.push({
        kind: 'notify',
        userIds: [...userIds],
        subject: this.subject,
        event,
        nodeName,
        senderId,
      });
    }

    async save(): Promise<void> {
      await this.w
        .updateTable('workflow_instances')
        .set({ ...this.changes, log_seq: this.seq, updated_at: this.at })
        .where('id', '=', this.row.id)
        .execute();
    }
  }

  function subjectOf(row: NonNullable<InstanceRow>, link: string): WorkflowSubjectRef {
    return {
      module: row.subject_module as NotificationModule,
      id: row.subject_id,
      title: row.subject_title,
      projectId: row.project_id,
      link,
    };
  }

  /** Enters an approval node: a new round with the approvers its sources name now (none: refused). */
  async function enter(step: Step, node: ApprovalNode): Promise<void> {
    const picked = fromJson<Record<string, string[]>>(step.row.picked, {})[node.id] ?? [];
    const approvers = await resolve(step.trx, step.row.project_id, node.approvers, picked);
    if (approvers.length === 0) {
      const params = { nodeId: node.id, nodeName: node.name };
      throw new AppError(400, 'workflow.noApproversResolved', {
        params,
        details: [{ path: `nodes.${node.id}`, key: 'workflow.noApproversResolved', params }],
      });
    }
    const round = step.row.round + 1;
    step.set('round', round);
    step.set('current_node', node.id);
    step.set('round_mode', node.mode);
    step.set('node_entered_at', step.at);
    step.set(
      'node_due_at',
      node.deadlineHours === null
        ? null
        : new Date(clock.now().getTime() + node.deadlineHours * 3_600_000).toISOString(),
    );
    step.set('route', toJson([...fromJson<string[]>(step.row.route, []), node.id]));
    await step.w
      .insertInto('workflow_instance_approvers')
      .values(
        approvers.map((userId, position) => ({
          instance_id: step.row.id,
          round,
          node_id: node.id,
          user_id: userId,
          position,
          decision: null,
          decided_seq: null,
          decided_at: null,
          added_by: null,
        })),
      )
      .execute();
    const handlers = nodeProgress(node.mode, approvers, []).handlers;
    step.todo(handlers, node.name);
  }

  /** Leaves `fromId` by the edge the values choose: into the next approval node, or completes at the end. */
  async function advance(step: Step, fromId: string): Promise<void> {
    const values = fromJson<FormValues>(step.row.form_values, {});
    const edge = chooseEdge(step.graph, fromId, values);
    const next = edge ? nodeOf(step.graph, edge.to) : undefined;
    if (!next || next.kind === 'end') {
      step.set('state', 'completed');
      step.set('current_node', next?.id ?? null);
      step.set('round_mode', null);
      step.set('node_due_at', null);
      step.set('finished_at', step.at);
      await step.append(null, 'complete', { nodeId: next?.id ?? null });
      step.closeTodo();
      step.notify([step.row.initiator_id], 'completed', nodeOf(step.graph, fromId)?.name ?? fromId, null);
      return;
    }
    if (next.kind !== 'approval') throw new Error(`workflow: an edge leads back to the start (${edge?.id})`);
    await enter(step, next);
  }

  async function open(w: Db, id: string): Promise<NonNullable<InstanceRow>> {
    const row = await findInstance(w, id);
    if (!row) throw new AppError(404, 'common.notFound');
    return row;
  }

  async function conflict(w: Db, id: string, key: ErrorKey = 'workflow.staleInstance'): Promise<never> {
    throw new WorkflowRefusal(409, key, { current: await view(w, await open(w, id)) });
  }

  /** Takes the instance at the revision read: a second writer at the same revision updates nothing (409). */
  async function claim(w: Db, row: NonNullable<InstanceRow>): Promise<NonNullable<InstanceRow>> {
    const result = await w
      .updateTable('workflow_instances')
      .set({ revision: row.revision + 1 })
      .where('id', '=', row.id)
      .where('revision', '=', row.revision)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return conflict(w, row.id);
    // The log sequence as of the claim (a comment may have written since the first read).
    const fresh = (await findInstance(w, row.id))!;
    return { ...row, revision: row.revision + 1, log_seq: fresh.log_seq };
  }

  function approvalNode(graph: WorkflowGraph, row: NonNullable<InstanceRow>): ApprovalNode {
    const node = nodeOf(graph, row.current_node);
    if (node?.kind !== 'approval') throw new Error('workflow: the current node is not an approval node');
    return node;
  }

  function refuse(status: number, key: ErrorKey, params: Record<string, string | number> = {}): never {
    throw new AppError(status, key, { params });
  }

  /** A decision of a current handler: the actor must be one (else 409 when they were one, 403 otherwise). */
  async function asHandler(
    w: Db,
    row: NonNullable<InstanceRow>,
    actor: string,
  ): Promise<Awaited<ReturnType<typeof approverRows>>> {
    if (row.state !== 'processing') return conflict(w, row.id, 'workflow.wrongState');
    const rows = await approverRows(w, row);
    if (progressOf(row, rows).handlers.includes(actor)) return rows;
    // Waiting for their turn on this visit (sequential, or a signer added before them): not a handler yet.
    if (rows.some((r) => r.user_id === actor && r.decision === null))
      return refuse(403, 'workflow.notHandler');
    const ever = await w
      .selectFrom('workflow_instance_approvers')
      .select('user_id')
      .where('instance_id', '=', row.id)
      .where('user_id', '=', actor)
      .executeTakeFirst();
    if (ever) return conflict(w, row.id);
    return refuse(403, 'workflow.notHandler');
  }

  /** The effects of a changed handler list: to-dos closed for those who left it, added for newcomers. */
  function syncHandlers(step: Step, before: readonly string[], after: readonly string[], nodeName: string) {
    step.closeTodo(before.filter((id) => !after.includes(id)));
    step.todo(
      after.filter((id) => !before.includes(id)),
      nodeName,
    );
  }

  async function passNode(step: Step, node: ApprovalNode, actor: string): Promise<void> {
    const cc = await resolve(step.trx, step.row.project_id, node.cc, []);
    step.notify(
      cc.filter((id) => id !== actor),
      'ccPassed',
      node.name,
      actor,
    );
    await advance(step, node.id);
  }

  async function act(
    trx: Kysely<Database>,
    instanceId: string,
    actor: string,
    action: WorkflowAction,
    link = '',
  ): Promise<WorkflowResult> {
    const w = withWorkflowTables(trx);
    let row = await open(w, instanceId);
    const graph = fromJson<WorkflowGraph>(row.graph, null as never);
    if (row.state === 'completed' || row.state === 'closed')
      return conflict(w, row.id, 'workflow.instanceFinished');
    if ('revision' in action && action.revision !== undefined && action.revision !== row.revision) {
      return conflict(w, row.id);
    }
    const subject = subjectOf(row, link);
    const isInitiator = row.initiator_id === actor;

    switch (action.action) {
      case 'pass': {
        const rows = await asHandler(w, row, actor);
        const node = approvalNode(graph, row);
        const opinion = action.opinion ?? {};
        checkOpinion(node, opinion);
        if (action.pickedApprovers) await checkPicks(trx, row.project_id, action.pickedApprovers);
        row = await claim(w, row);
        const step = new Step(trx, w, row, graph, subject);
        if (action.pickedApprovers) {
          step.set('picked', toJson({ ...fromJson(row.picked, {}), ...action.pickedApprovers }));
        }
        const seq = await step.append(actor, 'pass', { opinion });
        await decide(w, row, actor, 'pass', seq, step.at);
        step.set('acted', 1);
        const before = progressOf(row, rows).handlers;
        const progress = progressOf(row, await approverRows(w, row));
        step.closeTodo([actor]);
        if (progress.outcome === 'passed') {
          step.closeTodo();
          await passNode(step, node, actor);
        } else
          syncHandlers(
            step,
            before.filter((id) => id !== actor),
            progress.handlers,
            node.name,
          );
        return finish(step);
      }

      case 'reject': {
        await asHandler(w, row, actor);
        const node = approvalNode(graph, row);
        if (!node.permissions.reject) refuse(403, 'workflow.actionNotAllowed', { action: 'reject' });
        const opinion = action.opinion ?? {};
        checkOpinion(node, opinion);
        const route = fromJson<string[]>(row.route, []);
        const here = route.lastIndexOf(node.id);
        const startId = route[0]!;
        let target: string | undefined;
        if (action.target === 'start') target = startId;
        else if (action.target === 'previous') target = route[here - 1];
        else target = route.slice(0, here).includes(action.target) ? action.target : undefined;
        if (target === undefined) {
          throw new AppError(400, 'workflow.rejectTargetInvalid', {
            params: { target: action.target },
            details: [{ path: 'target', key: 'workflow.rejectTargetInvalid' }],
          });
        }
        row = await claim(w, row);
        const step = new Step(trx, w, row, graph, subject);
        const seq = await step.append(actor, 'reject', { opinion, targetNode: target });
        await decide(w, row, actor, 'reject', seq, step.at);
        step.set('acted', 1);
        step.closeTodo();
        if (target === startId) {
          step.set('state', 'reject');
          step.set('current_node', startId);
          step.set('round_mode', null);
          step.set('node_due_at', null);
          step.set('round', row.round + 1);
          step.todo([row.initiator_id], node.name);
        } else {
          step.set('route', toJson(route.slice(0, route.indexOf(target))));
          await enter(step, nodeOf(graph, target) as ApprovalNode);
        }
        return finish(step);
      }

      case 'forward': {
        const rows = await asHandler(w, row, actor);
        const node = approvalNode(graph, row);
        if (!node.permissions.forward) refuse(403, 'workflow.actionNotAllowed', { action: 'forward' });
        await checkNewPerson(trx, row, rows, actor, action.userId, 'workflow.forwardTargetInvalid');
        const opinion = action.opinion ?? {};
        row = await claim(w, row);
        const step = new Step(trx, w, row, graph, subject);
        await step.append(actor, 'forward', { opinion, targetUser: action.userId });
        const mine = rows.find((r) => r.user_id === actor)!;
        await w
          .updateTable('workflow_instance_approvers')
          .set({ decision: 'forwarded', decided_at: step.at })
          .where('instance_id', '=', row.id)
          .where('round', '=', row.round)
          .where('user_id', '=', actor)
          .execute();
        await w
          .insertInto('workflow_instance_approvers')
          .values({
            instance_id: row.id,
            round: row.round,
            node_id: node.id,
            user_id: action.userId,
            position: mine.position,
            decision: null,
            decided_seq: null,
            decided_at: null,
            added_by: 'forward',
          })
          .execute();
        step.set('acted', 1);
        const after = progressOf(row, await approverRows(w, row)).handlers;
        syncHandlers(step, progressOf(row, rows).handlers, after, node.name);
        return finish(step);
      }

      case 'addSigner': {
        const rows = await asHandler(w, row, actor);
        const node = approvalNode(graph, row);
        await checkNewPerson(trx, row, rows, actor, action.userId, 'workflow.signerInvalid');
        const opinion = action.opinion ?? {};
        if (action.position === 'after') checkOpinion(node, opinion);
        row = await claim(w, row);
        const step = new Step(trx, w, row, graph, subject);
        const before = progressOf(row, rows).handlers;
        const seq = await step.append(actor, 'addSigner', { opinion, targetUser: action.userId });
        // On an any-sign node the actor takes the node: the others drop out, the two sign in order.
        let order = rows.filter((r) => r.decision !== 'forwarded' && r.decision !== 'removed');
        if (row.round_mode === 'any') {
          const others = order
            .filter((r) => r.user_id !== actor && r.decision === null)
            .map((r) => r.user_id);
          if (others.length > 0) {
            await w
              .updateTable('workflow_instance_approvers')
              .set({ decision: 'removed', decided_at: step.at })
              .where('instance_id', '=', row.id)
              .where('round', '=', row.round)
              .where('user_id', 'in', others)
              .execute();
          }
          order = order.filter((r) => !others.includes(r.user_id));
          step.set('round_mode', 'sequential');
        }
        const ids = order.map((r) => r.user_id);
        const at = ids.indexOf(actor) + (action.position === 'after' ? 1 : 0);
        ids.splice(at, 0, action.userId);
        await w
          .insertInto('workflow_instance_approvers')
          .values({
            instance_id: row.id,
            round: row.round,
            node_id: node.id,
            user_id: action.userId,
            position: at,
            decision: null,
            decided_seq: null,
            decided_at: null,
            added_by: action.position === 'after' ? 'signAfter' : 'signBefore',
          })
          .execute();
        for (const [position, userId] of ids.entries()) {
          if (userId === action.userId) continue;
          await w
            .updateTable('workflow_instance_approvers')
            .set({ position })
            .where('instance_id', '=', row.id)
            .where('round', '=', row.round)
            .where('user_id', '=', userId)
            .execute();
        }
        if (action.position === 'after') await decide(w, step.row, actor, 'pass', seq, step.at);
        step.set('acted', 1);
        const after = progressOf(step.row, await approverRows(w, step.row)).handlers;
        syncHandlers(step, before, after, node.name);
        return finish(step);
      }

      case 'recall': {
        if (!isInitiator) refuse(403, 'workflow.notInitiator');
        if (!graph.controls.allowRecall) refuse(400, 'workflow.recallNotAllowed');
        if (row.state !== 'processing') return conflict(w, row.id, 'workflow.wrongState');
        if (row.acted === 1) return conflict(w, row.id, 'workflow.recallTooLate');
        row = await claim(w, row);
        const step = new Step(trx, w, row, graph, subject);
        await step.append(actor, 'recall');
        step.set('state', 'recall');
        step.set('current_node', fromJson<string[]>(row.route, [])[0] ?? null);
        step.set('round_mode', null);
        step.set('node_due_at', null);
        step.set('round', row.round + 1);
        step.closeTodo();
        return finish(step);
      }

      case 'resubmit': {
        if (!isInitiator) refuse(403, 'workflow.notInitiator');
        if (row.state !== 'reject' && row.state !== 'recall')
          return conflict(w, row.id, 'workflow.wrongState');
        if (action.pickedApprovers) await checkPicks(trx, row.project_id, action.pickedApprovers);
        row = await claim(w, row);
        const step = new Step(trx, w, row, graph, subject);
        const startId = graph.nodes.find((node) => node.kind === 'start')!.id;
        if (action.values) step.set('form_values', toJson(action.values));
        if (action.pickedApprovers) {
          step.set('picked', toJson({ ...fromJson(row.picked, {}), ...action.pickedApprovers }));
        }
        step.set('state', 'processing');
        step.set('current_node', startId);
        step.set('route', toJson([startId]));
        step.set('acted', 0);
        step.set('submitted_at', step.at);
        await step.append(actor, 'resubmit', { nodeId: startId });
        step.closeTodo();
        await advance(step, startId);
        return finish(step);
      }

      case 'comment': {
        const opinion = action.opinion;
        if (!OPINION_KINDS.some((kind) => opinionHas(opinion, kind))) refuse(400, 'workflow.commentEmpty');
        // Comments change no state (no revision): they take the next log entry under the row's lock.
        await w
          .updateTable('workflow_instances')
          .set((eb) => ({ log_seq: eb('log_seq', '+', 1) }))
          .where('id', '=', row.id)
          .execute();
        const seq = (await open(w, row.id)).log_seq;
        await w
          .insertInto('workflow_log')
          .values({
            id: newId(clock.now().getTime()),
            instance_id: row.id,
            seq,
            actor_id: actor,
            action: 'comment',
            node_id: row.current_node,
            round: row.round,
            opinion: toJson(opinion),
            target_node: null,
            target_user: null,
            at: now(),
          })
          .execute();
        return { instance: await view(w, await open(w, row.id)), effects: [] };
      }

      case 'urge': {
        if (!isInitiator) refuse(403, 'workflow.notInitiator');
        if (row.state !== 'processing') return conflict(w, row.id, 'workflow.wrongState');
        const at = clock.now();
        const since = new Date(at.getTime() - WORKFLOW_URGE_INTERVAL_MS).toISOString();
        // At most once an hour, also for two reminders at once: the row changes only when the window is past.
        const result = await w
          .updateTable('workflow_instances')
          .set((eb) => ({ last_urged_at: at.toISOString(), log_seq: eb('log_seq', '+', 1) }))
          .where('id', '=', row.id)
          .where((eb) => eb.or([eb('last_urged_at', 'is', null), eb('last_urged_at', '<=', since)]))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) {
          const current = await view(w, await open(w, row.id));
          throw new WorkflowRefusal(
            429,
            'workflow.urgeTooSoon',
            { current, nextAt: current.nextUrgeAt },
            {
              nextAt: current.nextUrgeAt ?? '',
            },
          );
        }
        row = await open(w, row.id);
        const handlers = progressOf(row, await approverRows(w, row)).handlers;
        await w
          .insertInto('workflow_log')
          .values({
            id: newId(at.getTime()),
            instance_id: row.id,
            seq: row.log_seq,
            actor_id: actor,
            action: 'urge',
            node_id: row.current_node,
            round: row.round,
            opinion: toJson({}),
            target_node: null,
            target_user: null,
            at: at.toISOString(),
          })
          .execute();
        const node = nodeOf(graph, row.current_node);
        return {
          instance: await view(w, row),
          effects: [
            {
              kind: 'notify',
              userIds: handlers,
              subject,
              event: 'urged',
              nodeName: node?.name ?? '-',
              senderId: actor,
            },
          ],
        };
      }

      case 'close': {
        let allowed = isInitiator;
        if (!allowed && row.state === 'processing') {
          const node = approvalNode(graph, row);
          const handlers = progressOf(row, await approverRows(w, row)).handlers;
          allowed = node.permissions.close && handlers.includes(actor);
        }
        if (!allowed) refuse(403, 'workflow.actionNotAllowed', { action: 'close' });
        row = await claim(w, row);
        const step = new Step(trx, w, row, graph, subject);
        await step.append(actor, 'close', { opinion: action.opinion ?? {} });
        step.set('state', 'closed');
        step.set('round_mode', null);
        step.set('finished_at', step.at);
        step.closeTodo();
        if (!isInitiator)
          step.notify([row.initiator_id], 'closed', nodeOf(graph, row.current_node)?.name ?? '-', actor);
        return finish(step);
      }
    }
  }

  async function decide(
    w: Db,
    row: NonNullable<InstanceRow>,
    actor: string,
    decision: 'pass' | 'reject',
    seq: number,
    at: string,
  ) {
    await w
      .updateTable('workflow_instance_approvers')
      .set({ decision, decided_seq: seq, decided_at: at })
      .where('instance_id', '=', row.id)
      .where('round', '=', row.round)
      .where('user_id', '=', actor)
      .execute();
  }

  /** A forward target or an added signer: a project member, not the actor, not already on this visit. */
  async function checkNewPerson(
    trx: Kysely<Database>,
    row: NonNullable<InstanceRow>,
    rows: Awaited<ReturnType<typeof approverRows>>,
    actor: string,
    userId: string,
    key: ErrorKey,
  ) {
    const members = new Set((await people(trx, row.project_id)).members.map((m) => m.userId));
    if (userId === actor || !members.has(userId) || rows.some((r) => r.user_id === userId)) {
      throw new AppError(400, key, { details: [{ path: 'userId', key }] });
    }
  }

  async function finish(step: Step): Promise<WorkflowResult> {
    await step.save();
    return {
      instance: await view(step.w, (await findInstance(step.w, step.row.id))!),
      effects: step.effects,
    };
  }

  return {
    /**
     * Starts an instance of the template's latest published version for the subject: the start node's way
     * out by the values, its first approval node's approvers resolved now (none: 400 naming the node).
     */
    async start(trx: Kysely<Database>, input: StartInput): Promise<WorkflowResult> {
      const w = withWorkflowTables(trx);
      const template = await w
        .selectFrom('workflow_templates')
        .select(['id', 'status', 'published_version'])
        .where('id', '=', input.templateId)
        .where('project_id', '=', input.projectId)
        .executeTakeFirst();
      if (!template) throw new AppError(404, 'common.notFound');
      if (template.status !== 'enabled' || template.published_version === 0) {
        refuse(400, 'workflow.templateNotPublished');
      }
      const version = await w
        .selectFrom('workflow_template_versions')
        .select(['version', 'graph'])
        .where('template_id', '=', template.id)
        .where('version', '=', template.published_version)
        .executeTakeFirstOrThrow();
      const picks = input.pickedApprovers ?? {};
      await checkPicks(trx, input.projectId, picks);
      const graph = fromJson<WorkflowGraph>(version.graph, null as never);
      const startId = graph.nodes.find((node) => node.kind === 'start')!.id;
      const at = now();
      const row = {
        id: newId(clock.now().getTime()),
        project_id: input.projectId,
        template_id: template.id,
        template_version: version.version,
        graph: version.graph,
        subject_module: input.subject.module,
        subject_id: input.subject.id,
        subject_title: input.subject.title,
        initiator_id: input.initiator,
        state: 'processing',
        current_node: startId,
        round: 0,
        revision: 1,
        route: toJson([startId]),
        form_values: toJson(input.values),
        picked: toJson(picks),
        round_mode: null,
        node_entered_at: at,
        node_due_at: null,
        acted: 0 as const,
        log_seq: 0,
        last_urged_at: null,
        submitted_at: at,
        finished_at: null,
        created_at: at,
        updated_at: at,
      };
      const exists = await w
        .selectFrom('workflow_instances')
        .select('id')
        .where('subject_module', '=', input.subject.module)
        .where('subject_id', '=', input.subject.id)
        .executeTakeFirst();
      if (exists) refuse(409, 'workflow.instanceExists');
      await w.insertInto('workflow_instances').values(row).execute();
      const step = new Step(trx, w, row, graph, subjectOf(row, input.subject.link ?? ''));
      await step.append(input.initiator, 'submit', { nodeId: startId });
      await advance(step, startId);
      return finish(step);
    },

    act,

    async instance(trx: Kysely<Database>, instanceId: string): Promise<WorkflowInstanceView> {
      const w = withWorkflowTables(trx);
      return view(w, await open(w, instanceId));
    },

    /** The instance of a module's record, if it has one. */
    async instanceOf(trx: Kysely<Database>, module: string, subjectId: string) {
      const w = withWorkflowTables(trx);
      const row = await w
        .selectFrom('workflow_instances')
        .selectAll()
        .where('subject_module', '=', module)
        .where('subject_id', '=', subjectId)
        .executeTakeFirst();
      return row ? view(w, row) : null;
    },

    /** Who must act now. */
    async handlers(trx: Kysely<Database>, instanceId: string): Promise<string[]> {
      return (await this.instance(trx, instanceId)).handlers;
    },

    async log(trx: Kysely<Database>, instanceId: string): Promise<WorkflowLogEntry[]> {
      const w = withWorkflowTables(trx);
      const row = await open(w, instanceId);
      const graph = fromJson<WorkflowGraph>(row.graph, null as never);
      const entries = await w
        .selectFrom('workflow_log')
        .selectAll()
        .where('instance_id', '=', instanceId)
        .orderBy('seq')
        .execute();
      return entries.map((entry) => ({
        _id: entry.id,
        seq: entry.seq,
        actorId: entry.actor_id,
        action: entry.action as WorkflowLogAction,
        nodeId: entry.node_id,
        nodeName: nodeOf(graph, entry.node_id)?.name ?? null,
        round: entry.round,
        opinion: fromJson<WorkflowOpinion>(entry.opinion, {}),
        targetNode: entry.target_node,
        targetUser: entry.target_user,
        at: entry.at,
      }));
    },

    /** The pinned graph with each node's state and the approvers of its latest visit, edges taken marked. */
    async chart(trx: Kysely<Database>, instanceId: string): Promise<WorkflowChart> {
      const w = withWorkflowTables(trx);
      const row = await open(w, instanceId);
      const graph = fromJson<WorkflowGraph>(row.graph, null as never);
      const route = fromJson<string[]>(row.route, []);
      const ahead = new Set(routeThrough(graph, fromJson<FormValues>(row.form_values, {})));
      const visits = await w
        .selectFrom('workflow_instance_approvers')
        .selectAll()
        .where('instance_id', '=', instanceId)
        .orderBy('round')
        .orderBy('position')
        .execute();
      const latest = new Map<string, number>();
      for (const visit of visits) latest.set(visit.node_id, visit.round);
      const live = row.state === 'processing' || row.state === 'completed';
      const taken = new Set(route.slice(1).map((to, i) => `${route[i]}→${to}`));
      if (row.state === 'completed' && row.current_node && route.length > 0) {
        taken.add(`${route[route.length - 1]}→${row.current_node}`);
      }
      return {
        nodes: graph.nodes.map((node) => ({
          id: node.id,
          name: node.name,
          kind: node.kind,
          state:
            live && node.id === row.current_node && row.state === 'processing'
              ? 'current'
              : route.includes(node.id) || (row.state === 'completed' && node.kind === 'end')
                ? 'done'
                : ahead.has(node.id)
                  ? 'ahead'
                  : 'off',
          approvers: visits
            .filter((visit) => visit.node_id === node.id && visit.round === latest.get(node.id))
            .map(presentApprover),
        })),
        edges: graph.edges.map((edge) => ({
          id: edge.id,
          from: edge.from,
          to: edge.to,
          taken: taken.has(`${edge.from}→${edge.to}`),
        })),
      };
    },

    /**
     * For a caller without a transaction of its own: runs `work` in one, then delivers its effects after the
     * commit (nothing is delivered when it throws).
     */
    async transaction<T extends { effects: readonly WorkflowEffect[] }>(
      work: (trx: Kysely<Database>) => Promise<T>,
    ): Promise<T> {
      const result = await db.transaction().execute(work);
      await this.deliver(result.effects);
      return result;
    },

    /** After the caller's commit: the to-dos and notifications of the actions, best effort. */
    async deliver(effects: readonly WorkflowEffect[]): Promise<void> {
      for (const effect of effects) {
        const { subject } = effect;
        try {
          if (effect.kind === 'closeTodo') {
            await notifications.closeTodo({
              module: subject.module,
              recordId: subject.id,
              ...(effect.userIds ? { userIds: effect.userIds } : {}),
            });
          } else if (effect.kind === 'todo') {
            await notifications.addTodo(effect.userIds, {
              module: subject.module,
              recordId: subject.id,
              title: subject.title,
              content: effect.content,
              link: subject.link,
              projectId: subject.projectId,
              dueDate: effect.dueAt ? effect.dueAt.slice(0, 10) : null,
            });
          } else {
            await notifications.notify(effect.userIds, {
              module: subject.module,
              ...templated('workflowEvent', {
                title: subject.title,
                event: effect.event,
                nodeName: effect.nodeName,
              }),
              link: subject.link,
              projectId: subject.projectId,
              recordId: subject.id,
              senderId: effect.senderId,
            });
          }
        } catch (error) {
          log?.warn(
            { err: error, recordId: subject.id },
            'workflow: could not tell the people of an instance',
          );
        }
      }
    },
  };
}
export type WorkflowEngine = ReturnType<typeof createWorkflowEngine>;
