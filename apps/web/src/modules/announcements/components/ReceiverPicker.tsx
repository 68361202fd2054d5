import type { MemberView, Structure } from '@lintel/contracts/org';
import { Alert, Radio, Select, Space, TreeSelect, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectMembers } from '../../../components/project/members';
import { memberLabel } from '../../../lib/people';
import { useProjectStructures } from '../api';

export interface ReceiverChoice {
  mode: 'all' | 'chosen';
  userIds: string[];
  departmentIds: string[];
}

export const NO_RECEIVERS: ReceiverChoice = { mode: 'all', userIds: [], departmentIds: [] };

interface TreeNode {
  value: string;
  title: string;
  children: TreeNode[];
}

function departmentTree(structures: readonly Structure[]): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  const sorted = [...structures].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  for (const s of sorted) nodes.set(s._id, { value: s._id, title: s.name, children: [] });
  const roots: TreeNode[] = [];
  for (const s of sorted) {
    const node = nodes.get(s._id)!;
    const parent = s.parentId ? nodes.get(s.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The departments and those below them (the server sends to their members too). */
function withSubDepartments(structures: readonly Structure[], chosen: readonly string[]): Set<string> {
  const result = new Set<string>();
  const queue = [...chosen];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (result.has(id)) continue;
    result.add(id);
    for (const s of structures) if (s.parentId === id) queue.push(s._id);
  }
  return result;
}

/** How many people a choice reaches, as the server will resolve it (never the sender). */
export function receiverCount(
  choice: ReceiverChoice,
  members: readonly MemberView[],
  structures: readonly Structure[],
  selfId: string,
): number {
  const others = members.filter((m) => m.userId !== selfId);
  if (choice.mode === 'all') return new Set(others.map((m) => m.userId)).size;
  const departments = withSubDepartments(structures, choice.departmentIds);
  const ids = new Set(choice.userIds.filter((id) => id !== selfId));
  for (const member of others)
    if (member.department && departments.has(member.department)) ids.add(member.userId);
  return ids.size;
}

interface ReceiverPickerProps {
  projectId: string;
  selfId: string;
  id?: string;
  value?: ReceiverChoice;
  onChange?: (value: ReceiverChoice) => void;
}

/** Everyone, or members and departments of the project's structure, with how many people that reaches. */
export function ReceiverPicker({
  projectId,
  selfId,
  id,
  value = NO_RECEIVERS,
  onChange,
}: ReceiverPickerProps) {
  const { t } = useTranslation();
  const members = useProjectMembers(projectId);
  const structures = useProjectStructures(projectId);
  const memberOptions = useMemo(
    () =>
      (members.data ?? [])
        .filter((m) => m.scopeType === 'project' && m.userId !== selfId)
        .map((m) => ({ value: m.userId, label: memberLabel(m) })),
    [members.data, selfId],
  );
  const tree = useMemo(() => departmentTree(structures.data ?? []), [structures.data]);
  const count = receiverCount(value, members.data ?? [], structures.data ?? [], selfId);
  const ready = members.isSuccess && structures.isSuccess;
  const change = (patch: Partial<ReceiverChoice>) => onChange?.({ ...value, ...patch });

  return (
    <Space orientation="vertical" className="announcement-receivers" size="small">
      <Radio.Group
        id={id}
        value={value.mode}
        onChange={(event) => change({ mode: event.target.value })}
        data-testid="receivers-mode"
        options={[
          {
            value: 'all',
            label: <span data-testid="receivers-all">{t('announcements:receivers.everyone')}</span>,
          },
          {
            value: 'chosen',
            label: <span data-testid="receivers-chosen">{t('announcements:receivers.chosen')}</span>,
          },
        ]}
      />
      {value.mode === 'chosen' ? (
        <>
          <Select
            mode="multiple"
            allowClear
            showSearch
            optionFilterProp="label"
            value={value.userIds}
            onChange={(userIds: string[]) => change({ userIds })}
            options={memberOptions}
            loading={members.isPending}
            placeholder={t('announcements:receivers.membersPlaceholder')}
            aria-label={t('announcements:receivers.members')}
            data-testid="receivers-members"
          />
          <TreeSelect
            multiple
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            value={value.departmentIds}
            onChange={(departmentIds: string[]) => change({ departmentIds })}
            treeData={tree}
            loading={structures.isPending}
            placeholder={t('announcements:receivers.departmentsPlaceholder')}
            aria-label={t('announcements:receivers.departments')}
            data-testid="receivers-departments"
          />
        </>
      ) : null}
      {members.isError || structures.isError ? (
        <Alert type="error" showIcon message={t('announcements:receivers.loadFailed')} />
      ) : null}
      {ready && (value.mode === 'all' || value.userIds.length + value.departmentIds.length > 0) ? (
        <Typography.Text type={count === 0 ? 'danger' : 'secondary'} data-testid="receivers-count">
          {count > 0
            ? t('announcements:receivers.count', { count })
            : value.mode === 'all'
              ? t('announcements:receivers.nobody')
              : t('announcements:receivers.none')}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
