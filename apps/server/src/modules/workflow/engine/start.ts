import type { WorkflowGraph } from '@lintel/contracts/workflow';
import { newId } from '../../../db/ids';
import { fromJson, toJson } from '../../../db/json';
import { AppError } from '../../../plugins/app-error';
import type { EngineTx } from './context';
import type { InstanceRow } from './engine.repository';
import { checkPicks } from './people';
import { advance, startNodeId } from './routing';
import { refuse, Step, subjectOf } from './step';
import type { StartInput, WorkflowResult } from './types';

/**
 * Starts an instance of the template's latest published version for the subject: the start node's way out
 * by the values, its first approval node's approvers resolved now (none: 400 naming the node).
 */
export async function startInstance(tx: EngineTx, input: StartInput): Promise<WorkflowResult> {
  const template = await tx.repo.template(input.projectId, input.templateId);
  if (!template) throw new AppError(404, 'common.notFound');
  if (template.status !== 'enabled' || template.published_version === 0) {
    refuse(400, 'workflow.templateNotPublished');
  }
  const version = await tx.repo.version(template.id, template.published_version);
  const picks = input.pickedApprovers ?? {};
  await checkPicks(tx.people, tx.trx, input.projectId, picks);
  const graph = fromJson<WorkflowGraph>(version.graph, null as never);
  const startId = startNodeId(graph);
  const at = tx.now();
  const row: InstanceRow = {
    id: newId(tx.clock.now().getTime()),
    project_id: input.projectId,
    template_id: template.id,
    // Pinned: later versions of the template change no running instance.
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
    acted: 0,
    log_seq: 0,
    last_urged_at: null,
    submitted_at: at,
    finished_at: null,
    created_at: at,
    updated_at: at,
  };
  if (await tx.repo.instanceOfSubject(input.subject.module, input.subject.id)) {
    refuse(409, 'workflow.instanceExists');
  }
  await tx.repo.insertInstance(row);
  const step = new Step(tx, row, graph, subjectOf(row, input.subject.link ?? ''));
  await step.append(input.initiator, 'submit', { nodeId: startId });
  await advance(step, startId);
  return step.finish();
}
