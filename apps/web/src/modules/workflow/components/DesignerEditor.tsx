import { SettingOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import {
  checkWorkflowGraph,
  type WorkflowStructureProblem,
  type WorkflowTemplate,
  workflowGraphSchema,
  workflowProblemTarget,
} from '@lintel/contracts/workflow';
import { Alert, App, Button, Modal, Space, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDirtyFlag } from '../../../components/UnsavedChanges';
import { errorMessage } from '../../../lib/errors';
import { isHttpError } from '../../../lib/http';
import {
  staleCurrent,
  useProjectDepartments,
  useProjectMembers,
  useProjectPermissionTemplates,
  usePublishTemplate,
  useUpdateTemplate,
} from '../api';
import {
  addBranch,
  type Flow,
  findBranch,
  findNode,
  flowNodeIds,
  flowToGraph,
  graphToFlow,
  insertAt,
  moveBranch,
  newApprovalNode,
  newGroup,
  placeProblems,
  removeBranch,
  removeGroup,
  removeNode,
  setBranchConditions,
  UnsupportedGraph,
  updateNode,
} from '../flow';
import { ConditionDrawer } from './ConditionDrawer';
import { ControlsDrawer } from './ControlsDrawer';
import { FlowCanvas } from './FlowCanvas';
import { NodeDrawer } from './NodeDrawer';
import { type Directory, problemText, type ShownProblem } from './summaries';

const ZOOMS = [0.5, 0.67, 0.8, 0.9, 1, 1.1, 1.25, 1.5];

type Editing =
  | { kind: 'node'; nodeId: string }
  | { kind: 'branch'; groupId: string; branchId: string }
  | { kind: 'controls' }
  | null;

function readFlow(template: WorkflowTemplate): Flow | null {
  const graph = template.graph ?? template.published?.graph;
  if (!graph) return null;
  try {
    return graphToFlow(graph);
  } catch (error) {
    if (error instanceof UnsupportedGraph) return null;
    throw error;
  }
}

/** The server's 400 details, placed like the designer's own problems (path nodes.<id> / edges.<id>). */
function serverProblems(error: unknown): ShownProblem[] {
  if (!isHttpError(error) || error.status !== 400) return [];
  return (error.body.details ?? [])
    .filter(
      (detail) =>
        detail.path.startsWith('nodes.') || detail.path.startsWith('edges.') || detail.path === 'graph',
    )
    .map((detail) => ({
      key: detail.key as WorkflowStructureProblem['key'],
      ...workflowProblemTarget(detail.path),
      message: detail.message,
    }));
}

/**
 * The designer's working state: the flow being edited, its problems (the contracts' structure check, the
 * shape check, and the server's last refusal), saving with the revision read and publishing.
 */
export function DesignerEditor({ projectId, template }: { projectId: string; template: WorkflowTemplate }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [base, setBase] = useState(template);
  const [flow, setFlow] = useState(() => readFlow(template));
  const [dirty, setDirty] = useState(false);
  const [zoom, setZoom] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [refused, setRefused] = useState<ShownProblem[]>([]);
  const [stale, setStale] = useState<WorkflowTemplate | null>(null);
  const update = useUpdateTemplate(projectId, template._id);
  const publish = usePublishTemplate(projectId, template._id);
  const members = useProjectMembers(projectId);
  const departments = useProjectDepartments(projectId);
  const permissionTemplates = useProjectPermissionTemplates(projectId);
  const directory: Directory = {
    members: members.data ?? [],
    departments: departments.data ?? [],
    templates: permissionTemplates.data ?? [],
  };

  const converted = useMemo(() => (flow ? flowToGraph(flow) : null), [flow]);
  const structure = useMemo(() => (converted ? checkWorkflowGraph(converted.graph) : []), [converted]);
  /** Settings zod refuses (a node name left empty): shown on the node, and nothing is sent. */
  const shape = useMemo<ShownProblem[]>(() => {
    if (!converted) return [];
    const parsed = workflowGraphSchema.safeParse(converted.graph);
    if (parsed.success) return [];
    const nodeIds = new Set<string>();
    for (const issue of parsed.error.issues) {
      const [list, index] = issue.path;
      if (list === 'nodes' && typeof index === 'number') {
        const node = converted.graph.nodes[index];
        if (node) nodeIds.add(node.id);
      }
    }
    return [...nodeIds].map((nodeId) => ({
      key: 'workflow.noApprovers' as const,
      nodeId,
      message: t('workflow:designer.invalidSettings'),
    }));
  }, [converted, t]);
  const problems = useMemo(
    () => (converted ? placeProblems([...structure, ...shape, ...refused], converted) : null),
    [converted, structure, shape, refused],
  );
  const problemCount = structure.length + shape.length + refused.length;
  useDirtyFlag(dirty);

  if (!flow || !converted || !problems) {
    return <Alert type="warning" showIcon title={t('workflow:designer.unsupported')} />;
  }

  const edit = (next: Flow) => {
    setFlow(next);
    setDirty(true);
    // The server's last answer was about the flow as it was: it no longer applies once it changes.
    setRefused([]);
  };

  const fail = (error: unknown) => {
    const current = staleCurrent(error);
    if (current) {
      setStale(current);
      return;
    }
    setRefused(serverProblems(error));
    void message.error(errorMessage(error, t));
  };

  const save = async (): Promise<WorkflowTemplate | undefined> => {
    if (shape.length > 0) {
      void message.error(t('workflow:designer.fixFirst'));
      return undefined;
    }
    try {
      const saved = await update.mutateAsync({ revision: base.revision, graph: converted.graph });
      setBase(saved);
      setDirty(false);
      return saved;
    } catch (error) {
      fail(error);
      return undefined;
    }
  };

  const publishNow = async () => {
    if (structure.length + shape.length > 0) {
      void message.error(t('workflow:designer.fixFirst'));
      return;
    }
    const saved = dirty ? await save() : base;
    if (!saved) return;
    try {
      const before = saved.publishedVersion;
      const published = await publish.mutateAsync(saved.revision);
      setBase(published);
      void message.success(
        published.publishedVersion === before
          ? t('workflow:designer.unchanged', { version: before })
          : t('workflow:designer.published', { version: published.publishedVersion }),
      );
    } catch (error) {
      fail(error);
    }
  };

  const reload = () => {
    if (!stale) return;
    setBase(stale);
    setFlow(readFlow(stale));
    setDirty(false);
    setRefused([]);
    setEditing(null);
    setStale(null);
  };

  let state: string;
  if (base.publishedVersion === null) state = t('workflow:designer.draftNotPublished');
  else if (base.hasUnpublishedChanges)
    state = t('workflow:designer.draftChanged', { version: base.publishedVersion });
  else state = t('workflow:designer.draftPublished', { version: base.publishedVersion });

  const zoomIndex = ZOOMS.indexOf(zoom);
  const editingNode = editing?.kind === 'node' ? findNode(flow, editing.nodeId) : undefined;
  const editingBranch =
    editing?.kind === 'branch' ? findBranch(flow, editing.groupId, editing.branchId) : undefined;

  return (
    <>
      <div className="workflow-designer__toolbar" data-testid="designer-toolbar">
        <Space wrap size={8} className="workflow-designer__state">
          <span data-testid="designer-state">{state}</span>
          {dirty ? <Tag color="orange">{t('workflow:designer.unsaved')}</Tag> : null}
        </Space>
        <Space wrap size={8}>
          <Tooltip title={t('workflow:designer.zoomOut')}>
            <Button
              icon={<ZoomOutOutlined />}
              aria-label={t('workflow:designer.zoomOut')}
              disabled={zoomIndex <= 0}
              onClick={() => setZoom(ZOOMS[zoomIndex - 1] ?? zoom)}
              data-testid="zoom-out"
            />
          </Tooltip>
          <span className="workflow-designer__zoom" data-testid="zoom-level">
            {t('workflow:designer.zoom', { percent: Math.round(zoom * 100) })}
          </span>
          <Tooltip title={t('workflow:designer.zoomIn')}>
            <Button
              icon={<ZoomInOutlined />}
              aria-label={t('workflow:designer.zoomIn')}
              disabled={zoomIndex >= ZOOMS.length - 1}
              onClick={() => setZoom(ZOOMS[zoomIndex + 1] ?? zoom)}
              data-testid="zoom-in"
            />
          </Tooltip>
          <Button
            icon={<SettingOutlined />}
            onClick={() => setEditing({ kind: 'controls' })}
            data-testid="open-controls"
          >
            {t('workflow:designer.controls')}
          </Button>
          <Button
            onClick={() =>
              void save().then((saved) => (saved ? message.success(t('workflow:designer.saved')) : undefined))
            }
            loading={update.isPending}
            disabled={!dirty}
            data-testid="designer-save"
          >
            {t('workflow:designer.save')}
          </Button>
          <Button
            type="primary"
            onClick={() => void publishNow()}
            loading={publish.isPending}
            data-testid="designer-publish"
          >
            {t('workflow:designer.publish')}
          </Button>
        </Space>
      </div>
      {problemCount > 0 ? (
        <Alert
          className="workflow-designer__problems"
          type="error"
          showIcon
          title={t('workflow:designer.problems', { count: problemCount })}
          description={
            problems.graph.length > 0 ? (
              <ul>
                {problems.graph.map((problem) => (
                  <li key={problem.key}>{problemText(problem, t)}</li>
                ))}
              </ul>
            ) : undefined
          }
          data-testid="designer-problems"
        />
      ) : null}
      <section
        className="workflow-designer__canvas"
        aria-label={t('workflow:designer.flow')}
        data-testid="designer-canvas"
      >
        <div className="workflow-designer__zoom-box" style={{ zoom }}>
          <FlowCanvas
            flow={flow}
            problems={problems}
            directory={directory}
            onAdd={(slot, kind) => {
              if (kind === 'group') {
                edit(insertAt(flow, slot, newGroup()));
                return;
              }
              const node = newApprovalNode(t('workflow:flow.newNode'), flowNodeIds(flow));
              edit(insertAt(flow, slot, { kind: 'node', node }));
              setEditing({ kind: 'node', nodeId: node.id });
            }}
            onEditNode={(nodeId) => setEditing({ kind: 'node', nodeId })}
            onRemoveNode={(nodeId) => edit(removeNode(flow, nodeId))}
            onEditBranch={(groupId, branchId) => setEditing({ kind: 'branch', groupId, branchId })}
            onAddBranch={(groupId) => edit(addBranch(flow, groupId))}
            onRemoveBranch={(groupId, branchId) => edit(removeBranch(flow, groupId, branchId))}
            onMoveBranch={(groupId, branchId, by) => edit(moveBranch(flow, groupId, branchId, by))}
            onRemoveGroup={(groupId) => edit(removeGroup(flow, groupId))}
          />
        </div>
      </section>
      {editingNode ? (
        <NodeDrawer
          key={editingNode.id}
          node={editingNode}
          directory={directory}
          onChange={(node) => edit(updateNode(flow, node))}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.kind === 'branch' && editingBranch ? (
        <ConditionDrawer
          key={editing.branchId}
          title={t('workflow:flow.branch', { n: editingBranch.index + 1 })}
          conditions={editingBranch.branch.conditions}
          onApply={(conditions) => {
            edit(setBranchConditions(flow, editing.groupId, editing.branchId, conditions));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.kind === 'controls' ? (
        <ControlsDrawer
          controls={flow.controls}
          onChange={(controls) => edit({ ...flow, controls })}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <Modal
        open={stale !== null}
        title={t('workflow:designer.staleTitle')}
        okText={t('workflow:designer.staleReload')}
        cancelText={t('workflow:designer.staleKeep')}
        onOk={reload}
        onCancel={() => setStale(null)}
        okButtonProps={{ ...({ 'data-testid': 'stale-reload' } as object) }}
      >
        <p data-testid="stale-text">{t('workflow:designer.staleText')}</p>
      </Modal>
    </>
  );
}
