import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  BranchesOutlined,
  CloseOutlined,
  DeleteOutlined,
  PlusOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { WorkflowStructureProblem } from '@lintel/contracts/workflow';
import { Button, Dropdown, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canAddGroup,
  canRemoveNode,
  type Flow,
  type FlowBranch,
  type FlowGroup,
  type FlowItem,
  type PlacedProblems,
  type Slot,
} from '../flow';
import {
  approverSummary,
  conditionsSummary,
  type Directory,
  problemText,
  type ShownProblem,
} from './summaries';

export interface FlowHandlers {
  onAdd: (slot: Slot, kind: 'node' | 'group') => void;
  onEditNode: (nodeId: string) => void;
  onRemoveNode: (nodeId: string) => void;
  onEditBranch: (groupId: string, branchId: string) => void;
  onAddBranch: (groupId: string) => void;
  onRemoveBranch: (groupId: string, branchId: string) => void;
  onMoveBranch: (groupId: string, branchId: string, by: -1 | 1) => void;
  onRemoveGroup: (groupId: string) => void;
}

interface FlowCanvasProps extends FlowHandlers {
  flow: Flow;
  problems: PlacedProblems;
  directory: Directory;
}

/**
 * The DingTalk-style flow: start on top, end at the bottom, a "+" between any two items, branch groups side
 * by side. Every card is a button (Tab reaches it, Enter opens its settings); problems show on their card.
 */
export function FlowCanvas(props: FlowCanvasProps) {
  const { t } = useTranslation();
  const { flow, problems } = props;
  return (
    <div className="wf-flow" data-testid="flow">
      <EndCap
        kind="start"
        title={flow.start.name || t('workflow:flow.start')}
        hint={t('workflow:flow.startHint')}
        problems={problems.nodes.get(flow.start.id)}
      />
      <AddSlot {...props} slot={{ path: [], index: 0 }} />
      <Sequence {...props} items={flow.items} path={[]} />
      <EndCap
        kind="end"
        title={flow.end.name || t('workflow:flow.end')}
        hint={t('workflow:flow.endHint')}
        problems={problems.nodes.get(flow.end.id)}
      />
    </div>
  );
}

function Problems({ problems, testId }: { problems?: ShownProblem[]; testId: string }) {
  const { t } = useTranslation();
  if (!problems || problems.length === 0) return null;
  return (
    <ul className="wf-problems" data-testid={testId}>
      {problems.map((problem, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same rule may apply twice; the list is static
        <li key={`${problem.key}-${index}`}>{problemText(problem, t)}</li>
      ))}
    </ul>
  );
}

function EndCap({
  kind,
  title,
  hint,
  problems,
}: {
  kind: 'start' | 'end';
  title: string;
  hint: string;
  problems?: WorkflowStructureProblem[];
}) {
  return (
    <div
      className={`wf-cap wf-cap--${kind} ${problems?.length ? 'wf-card--error' : ''}`}
      data-testid={`flow-${kind}`}
    >
      <div className="wf-cap__title">{title}</div>
      <div className="wf-cap__hint">{hint}</div>
      <Problems problems={problems} testId={`flow-${kind}-problems`} />
    </div>
  );
}

const slotKey = (slot: Slot) => [...slot.path.map((step) => step.branchId), slot.index].join('-');

function AddSlot({ flow, slot, onAdd }: FlowCanvasProps & { slot: Slot }) {
  const { t } = useTranslation();
  const groupAllowed = canAddGroup(flow, slot);
  return (
    <div className="wf-slot">
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'node',
              icon: <UserOutlined />,
              label: <span data-testid="add-node">{t('workflow:flow.addNode')}</span>,
            },
            {
              key: 'group',
              icon: <BranchesOutlined />,
              disabled: !groupAllowed,
              label: (
                <span data-testid="add-group">
                  {t('workflow:flow.addGroup')}
                  {groupAllowed ? null : (
                    <span className="wf-slot__why"> — {t('workflow:flow.groupNeedsNode')}</span>
                  )}
                </span>
              ),
            },
          ],
          onClick: ({ key }) => onAdd(slot, key as 'node' | 'group'),
        }}
      >
        <Button
          shape="circle"
          size="small"
          type="primary"
          icon={<PlusOutlined />}
          aria-label={t('workflow:flow.add')}
          data-testid={`add-${slotKey(slot)}`}
        />
      </Dropdown>
    </div>
  );
}

function Sequence(props: FlowCanvasProps & { items: FlowItem[]; path: Slot['path'] }) {
  const { items, path } = props;
  return (
    <>
      {items.map((item, index) => (
        <div className="wf-step" key={item.kind === 'node' ? item.node.id : item.id}>
          {item.kind === 'node' ? (
            <NodeCard {...props} item={item} />
          ) : (
            <GroupView {...props} group={item} path={path} />
          )}
          <AddSlot {...props} slot={{ path, index: index + 1 }} />
        </div>
      ))}
    </>
  );
}

function NodeCard(props: FlowCanvasProps & { item: Extract<FlowItem, { kind: 'node' }> }) {
  const { t } = useTranslation();
  const { item, flow, problems, directory, onEditNode, onRemoveNode } = props;
  const node = item.node;
  const own = problems.nodes.get(node.id);
  const removable = canRemoveNode(flow, node.id);
  return (
    <div
      className={`wf-card wf-card--node ${own?.length ? 'wf-card--error' : ''}`}
      data-testid={`node-${node.id}`}
    >
      <div className="wf-card__head">
        <span className="wf-card__title">{node.name}</span>
        <Tooltip title={removable ? t('workflow:flow.removeNode') : t('workflow:flow.cannotRemove')}>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            disabled={!removable}
            aria-label={t('workflow:flow.removeNode')}
            onClick={() => onRemoveNode(node.id)}
            data-testid={`node-remove-${node.id}`}
          />
        </Tooltip>
      </div>
      <button
        type="button"
        className="wf-card__body"
        onClick={() => onEditNode(node.id)}
        aria-label={t('workflow:flow.editNode', { name: node.name })}
        data-testid={`node-edit-${node.id}`}
      >
        <span className="wf-card__summary">{approverSummary(node.approvers, directory, t)}</span>
        <span className="wf-card__tags">
          <Tag>{t(`workflow:mode.${node.mode}`)}</Tag>
          {node.keyNode ? <Tag color="gold">{t('workflow:flow.keyNode')}</Tag> : null}
          {node.deadlineHours !== null ? (
            <Tag>{t('workflow:flow.deadline', { hours: node.deadlineHours })}</Tag>
          ) : null}
        </span>
      </button>
      <Problems problems={own} testId={`node-problems-${node.id}`} />
    </div>
  );
}

function GroupView(props: FlowCanvasProps & { group: FlowGroup; path: Slot['path'] }) {
  const { t } = useTranslation();
  const { group, path, problems, onAddBranch, onRemoveGroup } = props;
  const own = problems.groups.get(group.id);
  return (
    <div className={`wf-group ${own?.length ? 'wf-group--error' : ''}`} data-testid={`group-${group.id}`}>
      <div className="wf-group__bar">
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => onAddBranch(group.id)}
          data-testid="branch-add"
        >
          {t('workflow:flow.addBranch')}
        </Button>
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('workflow:flow.removeGroup')}
          onClick={() => onRemoveGroup(group.id)}
        />
      </div>
      <Problems problems={own} testId={`group-problems-${group.id}`} />
      <div className="wf-group__branches">
        {group.branches.map((branch, index) => {
          const branchPath = [...path, { groupId: group.id, branchId: branch.id }];
          return (
            <div className="wf-branch" key={branch.id}>
              <BranchCard {...props} branch={branch} index={index} />
              <AddSlot {...props} slot={{ path: branchPath, index: 0 }} />
              <Sequence {...props} items={branch.items} path={branchPath} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

function BranchCard(props: FlowCanvasProps & { group: FlowGroup; branch: FlowBranch; index: number }) {
  const { t } = useTranslation();
  const { group, branch, index, problems, onEditBranch, onRemoveBranch, onMoveBranch } = props;
  const own = problems.branches.get(branch.id);
  const name = branch.isDefault
    ? t('workflow:flow.defaultBranch')
    : t('workflow:flow.branch', { n: index + 1 });
  const conditional = group.branches.filter((candidate) => !candidate.isDefault).length;
  let summary: ReactNode;
  if (branch.isDefault) summary = t('workflow:flow.defaultHint');
  else if (branch.conditions.length === 0) summary = <em>{t('workflow:flow.noCondition')}</em>;
  else summary = conditionsSummary(branch.conditions, t);
  return (
    <div
      className={`wf-card wf-card--branch ${own?.length ? 'wf-card--error' : ''}`}
      data-testid={`branch-${branch.id}`}
    >
      <div className="wf-card__head">
        <span className="wf-card__title">{name}</span>
        {branch.isDefault ? null : (
          <span className="wf-card__priority">{t('workflow:flow.priority', { n: index + 1 })}</span>
        )}
        <span className="wf-card__tools">
          {branch.isDefault ? null : (
            <>
              <Button
                type="text"
                size="small"
                icon={<ArrowLeftOutlined />}
                disabled={index === 0}
                aria-label={t('workflow:flow.moveUp')}
                onClick={() => onMoveBranch(group.id, branch.id, -1)}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowRightOutlined />}
                disabled={index >= conditional - 1}
                aria-label={t('workflow:flow.moveDown')}
                onClick={() => onMoveBranch(group.id, branch.id, 1)}
              />
            </>
          )}
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('workflow:flow.removeBranch')}
            onClick={() => onRemoveBranch(group.id, branch.id)}
            data-testid={`branch-remove-${branch.id}`}
          />
        </span>
      </div>
      {branch.isDefault ? (
        <div className="wf-card__body wf-card__body--static">{summary}</div>
      ) : (
        <button
          type="button"
          className="wf-card__body"
          onClick={() => onEditBranch(group.id, branch.id)}
          aria-label={t('workflow:flow.editBranch', { name })}
          data-testid={`branch-edit-${branch.id}`}
        >
          {summary}
        </button>
      )}
      <Problems problems={own} testId={`branch-problems-${branch.id}`} />
    </div>
  );
}
