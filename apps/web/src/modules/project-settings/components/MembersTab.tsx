import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  HolderOutlined,
  LinkOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { MemberView } from '@lintel/contracts/org';
import { Alert, App, Button, Input, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ErrorState } from '../../../components/ErrorState';
import { errorMessage } from '../../../lib/errors';
import { type MembersQuery, useMembers, useRemoveMember, useReorderMembers } from '../membersApi';
import { maskPhone } from '../phone';
import { templateDisplayName } from '../templateName';
import { useTemplates } from '../templatesApi';
import { useDepartmentNames } from './DepartmentSelect';
import { InviteDialog } from './InviteDialog';
import { AddMemberDialog, EditMemberDialog } from './MemberDialogs';
import { PendingInvitations } from './PendingInvitations';

const PAGE_SIZE = 20;

/** The new manual orders after moving the row at `from` to `to` on a page starting at `skip`. */
export function reorderChanges(rows: readonly MemberView[], from: number, to: number, skip: number) {
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  if (!moved) return [];
  next.splice(to, 0, moved);
  return next
    .map((row, index) => ({ id: row._id, order: skip + index, before: row.order }))
    .filter((change) => change.order !== change.before)
    .map(({ id, order }) => ({ id, order }));
}

/**
 * The member list: search, sort, paging, the user expanded; add, edit, remove (confirmed; the server
 * refuses an admin), an invitation link, and manual order by drag — only without a sort or a search
 * (spec 001 §5), with up / down buttons for the keyboard.
 */
export function MembersTab({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { message } = App.useApp();
  const [query, setQuery] = useState<MembersQuery>({ page: 1, pageSize: PAGE_SIZE, search: '', order: '' });
  const members = useMembers(projectId, query);
  const templates = useTemplates(projectId);
  const departments = useDepartmentNames(projectId);
  const remove = useRemoveMember(projectId);
  const reorder = useReorderMembers(projectId);
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<MemberView | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);

  const templateNames = useMemo(
    () =>
      new Map(
        (templates.data ?? []).map((template) => [
          template._id,
          templateDisplayName(template.name, language),
        ]),
      ),
    [templates.data, language],
  );
  const defaultTemplate =
    templateNames.get(templates.data?.find((template) => template.isDefault)?._id ?? '') ?? '';
  const rows = members.data?.rows ?? [];
  const canReorder = query.search.trim() === '' && query.order === '' && !reorder.isPending;
  const skip = (query.page - 1) * query.pageSize;

  const move = (from: number, to: number) => {
    if (!canReorder || to < 0 || to >= rows.length || from === to) return;
    const changes = reorderChanges(rows, from, to, skip);
    if (changes.length === 0) return;
    reorder.mutate(changes, {
      onSuccess: () => void message.success(t('projectSettings:members.reordered')),
      onError: (error) => void message.error(errorMessage(error, t)),
    });
  };

  const onRemove = async (member: MemberView) => {
    try {
      await remove.mutateAsync(member._id);
      void message.success(t('projectSettings:members.removed'));
    } catch (error) {
      void message.error({ content: errorMessage(error, t), key: 'member-remove' });
    }
  };

  const sortOf = (field: string) =>
    query.order === field ? ('ascend' as const) : query.order === `-${field}` ? ('descend' as const) : null;

  const columns: ColumnsType<MemberView> = [
    {
      key: 'drag',
      width: 88,
      render: (_, member, index) => (
        <Space size={0}>
          <HolderOutlined
            className={canReorder ? 'project-settings__drag' : 'project-settings__drag is-disabled'}
            aria-hidden
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={!canReorder || index === 0}
            aria-label={t('projectSettings:members.moveUp', { name: member.user?.nickName ?? '' })}
            onClick={() => move(index, index - 1)}
            data-testid={`member-up-${member._id}`}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={!canReorder || index === rows.length - 1}
            aria-label={t('projectSettings:members.moveDown', { name: member.user?.nickName ?? '' })}
            onClick={() => move(index, index + 1)}
            data-testid={`member-down-${member._id}`}
          />
        </Space>
      ),
    },
    {
      key: 'nickName',
      title: t('projectSettings:members.nickName'),
      sorter: true,
      sortOrder: sortOf('nickName'),
      render: (_, member) => (
        <Space size={4} wrap>
          <span>{member.user?.nickName || member.user?.name}</span>
          {member.role === 'admin' ? <Tag color="gold">{t('projectSettings:members.admin')}</Tag> : null}
          {member.vip ? <Tag color="purple">VIP</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'name',
      title: t('projectSettings:members.account'),
      sorter: true,
      sortOrder: sortOf('name'),
      render: (_, member) => member.user?.name,
    },
    {
      key: 'phone',
      title: t('projectSettings:members.phone'),
      render: (_, member) => {
        const phone = member.user?.phoneNumber ?? '';
        if (!phone)
          return (
            <Typography.Text type="secondary">
              {member.phoneSecret ? t('projectSettings:members.phoneHidden') : '—'}
            </Typography.Text>
          );
        return member.phoneSecret ? (
          <Tooltip title={t('projectSettings:members.phoneSecretOn')}>
            <span data-testid={`member-phone-${member._id}`}>{maskPhone(phone)}</span>
          </Tooltip>
        ) : (
          <span data-testid={`member-phone-${member._id}`}>{phone}</span>
        );
      },
    },
    {
      key: 'department',
      title: t('projectSettings:members.department'),
      render: (_, member) => (member.department ? (departments.get(member.department) ?? '—') : '—'),
    },
    {
      key: 'template',
      title: t('projectSettings:members.template'),
      render: (_, member) =>
        member.role === 'admin'
          ? t('projectSettings:members.adminTemplate')
          : member.templateId
            ? (templateNames.get(member.templateId) ?? '—')
            : defaultTemplate,
    },
    {
      key: 'remark',
      title: t('projectSettings:members.remark'),
      ellipsis: true,
      render: (_, member) => member.remark || '—',
    },
    {
      key: 'actions',
      title: t('projectSettings:members.actions'),
      fixed: 'right',
      render: (_, member) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => setEditing(member)}
            data-testid={`member-edit-${member._id}`}
          >
            {t('projectSettings:common.edit')}
          </Button>
          <ConfirmDanger
            title={t('projectSettings:members.removeConfirm', {
              name: member.user?.nickName || member.user?.name || '',
            })}
            okText={t('projectSettings:members.remove')}
            onConfirm={() => onRemove(member)}
            okTestId="member-remove-ok"
          >
            <Button type="link" size="small" danger data-testid={`member-remove-${member._id}`}>
              {t('projectSettings:members.remove')}
            </Button>
          </ConfirmDanger>
        </Space>
      ),
    },
  ];

  if (members.isError && !members.data) {
    return (
      <ErrorState
        title={t('projectSettings:members.loadError')}
        description={errorMessage(members.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void members.refetch()}
        testId="members-error"
      />
    );
  }

  return (
    <div className="project-settings__tab">
      <div className="project-settings__table-toolbar">
        <Input.Search
          allowClear
          placeholder={t('projectSettings:members.searchPlaceholder')}
          onSearch={(search) => setQuery((q) => ({ ...q, search, page: 1 }))}
          style={{ maxWidth: 320 }}
          data-testid="member-search"
        />
        <Space>
          <Button icon={<LinkOutlined />} onClick={() => setInviting(true)} data-testid="member-invite">
            {t('projectSettings:members.invite')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="member-add"
          >
            {t('projectSettings:members.add')}
          </Button>
        </Space>
      </div>
      {canReorder || reorder.isPending ? null : (
        <Alert
          type="info"
          showIcon
          title={t('projectSettings:members.reorderDisabled')}
          data-testid="member-reorder-disabled"
        />
      )}
      <PendingInvitations projectId={projectId} templateNames={templateNames} />
      <Table<MemberView>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={members.isFetching || reorder.isPending}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: query.search ? t('projectSettings:members.noMatch') : t('projectSettings:members.empty'),
        }}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: members.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('projectSettings:members.total', { count: total }),
        }}
        onChange={(pagination, _filters, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<MemberView> | undefined;
          const field = s?.order ? String(s.columnKey) : '';
          setQuery((q) => ({
            ...q,
            page: pagination.current ?? 1,
            pageSize: pagination.pageSize ?? PAGE_SIZE,
            order: field ? `${s?.order === 'descend' ? '-' : ''}${field}` : '',
          }));
        }}
        onRow={(member, index = 0) =>
          ({
            draggable: canReorder,
            'data-testid': `member-row-${member._id}`,
            onDragStart: (event) => {
              setDragFrom(index);
              event.dataTransfer.effectAllowed = 'move';
            },
            onDragOver: (event) => {
              if (canReorder && dragFrom !== null) event.preventDefault();
            },
            onDrop: (event) => {
              event.preventDefault();
              if (dragFrom !== null) move(dragFrom, index);
              setDragFrom(null);
            },
            onDragEnd: () => setDragFrom(null),
          }) as React.HTMLAttributes<HTMLElement>
        }
        data-testid="member-table"
      />
      <AddMemberDialog
        projectId={projectId}
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(invited) => {
          setAdding(false);
          // Someone not yet of the enterprise is invited: a member once they accept (issue 14).
          void message.success(
            invited ? t('projectSettings:members.invited') : t('projectSettings:members.added'),
          );
        }}
      />
      <EditMemberDialog
        projectId={projectId}
        member={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void message.success(t('projectSettings:members.saved'));
        }}
      />
      <InviteDialog projectId={projectId} open={inviting} onClose={() => setInviting(false)} />
    </div>
  );
}
