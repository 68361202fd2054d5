import '../locales';
import '../workflow.css';
import { PlusOutlined } from '@ant-design/icons';
import {
  WORKFLOW_GROUP_NAME_MAX_LENGTH,
  type WorkflowGroup,
  type WorkflowTemplate,
} from '@lintel/contracts/workflow';
import { App, Button, Input, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { GroupDialog } from '../../../components/groups/GroupDialog';
import { type GroupAction, GroupPanel } from '../../../components/groups/GroupPanel';
import { groupLabel } from '../../../components/groups/groupTree';
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { formatTime } from '../../../lib/dateTime';
import { errorMessage } from '../../../lib/errors';
import { useCurrentProject } from '../../workbench';
import {
  type GroupFilter,
  useCopyTemplate,
  useCreateGroup,
  useCreateTemplate,
  useDeleteGroup,
  useDeleteTemplate,
  useRenameGroup,
  useSetTemplateStatus,
  useWorkflowGroups,
  useWorkflowTemplates,
} from '../api';
import { CreateTemplateDialog } from '../components/CreateTemplateDialog';
import { workflowDesignerPath } from '../paths';

const PAGE_SIZE = 20;

type GroupEditing =
  | { mode: 'create'; parent: WorkflowGroup | null }
  | { mode: 'rename'; group: WorkflowGroup };

/**
 * Project settings › workflow templates (issue 18): the groups (two levels) and the templates of the
 * project, for its administrators (the settings frame shows everyone else its no-permission state).
 */
export default function WorkflowTemplatesSection() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { projectId } = useCurrentProject();
  const [filter, setFilter] = useState<GroupFilter>('all');
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [groupEditing, setGroupEditing] = useState<GroupEditing | null>(null);
  const [creating, setCreating] = useState(false);

  const groups = useWorkflowGroups(projectId);
  const list = useWorkflowTemplates(projectId, filter, name, page, PAGE_SIZE);
  const createGroup = useCreateGroup(projectId);
  const renameGroup = useRenameGroup(projectId);
  const deleteGroup = useDeleteGroup(projectId);
  const createTemplate = useCreateTemplate(projectId);
  const copyTemplate = useCopyTemplate(projectId);
  const setStatus = useSetTemplateStatus(projectId);
  const deleteTemplate = useDeleteTemplate(projectId);
  const allGroups = groups.data ?? [];
  const fail = (error: unknown) => void message.error(errorMessage(error, t));

  const select = (next: GroupFilter) => {
    setFilter(next);
    setPage(1);
  };

  const submitGroup = (groupName: string) => {
    if (!groupEditing) return;
    if (groupEditing.mode === 'rename') {
      renameGroup.mutate(
        { id: groupEditing.group._id, name: groupName },
        {
          onSuccess: () => {
            setGroupEditing(null);
            void message.success(t('workflow:groups.renamed'));
          },
          onError: fail,
        },
      );
      return;
    }
    createGroup.mutate(
      { name: groupName, parentId: groupEditing.parent?._id ?? null },
      {
        onSuccess: (group) => {
          setGroupEditing(null);
          select(group._id);
          void message.success(t('workflow:groups.created'));
        },
        onError: fail,
      },
    );
  };

  /** Deletes with the server's counts confirmed; asks again if they changed in between (another 409). */
  const removeGroup = (group: WorkflowGroup, confirm?: number) => {
    deleteGroup.mutate(
      { id: group._id, confirm },
      {
        onSuccess: (result) => {
          if (result.deleted) {
            if (filter === group._id || allGroups.some((g) => g._id === filter && g.parentId === group._id))
              select('all');
            void message.success(t('workflow:groups.deleted'));
            return;
          }
          const { counts } = result;
          void modal.confirm({
            title: t('workflow:groups.deleteTitle', { name: group.name }),
            content: t('workflow:groups.deleteCounts', { ...counts, count: counts.templates }),
            okText: t('workflow:groups.deleteConfirm'),
            okButtonProps: { danger: true, ...({ 'data-testid': 'group-delete-confirm' } as object) },
            onOk: () => removeGroup(group, counts.templates),
          });
        },
        onError: fail,
      },
    );
  };

  const groupAction = (group: WorkflowGroup, action: GroupAction) => {
    if (action === 'addSub') setGroupEditing({ mode: 'create', parent: group });
    else if (action === 'rename') setGroupEditing({ mode: 'rename', group });
    else if (group.templateCount === 0 && !allGroups.some((g) => g.parentId === group._id)) {
      // Nothing inside: one plain question (the server deletes an empty group without counts).
      void modal.confirm({
        title: t('workflow:groups.deleteEmptyTitle', { name: group.name }),
        okText: t('confirm:delete'),
        okButtonProps: { danger: true, ...({ 'data-testid': 'group-delete-confirm' } as object) },
        onOk: () => removeGroup(group),
      });
    } else removeGroup(group);
  };

  const columns: ResponsiveColumn<WorkflowTemplate>[] = [
    {
      key: 'name',
      title: t('workflow:list.columns.name'),
      phone: 'title',
      render: (_, row) => (
        <Link to={workflowDesignerPath(projectId, row._id)} data-testid={`template-link-${row._id}`}>
          {row.name}
        </Link>
      ),
    },
    {
      key: 'status',
      title: t('workflow:list.columns.status'),
      phone: 'status',
      render: (_, row) => (
        <Tag color={row.status === 'enabled' ? 'green' : 'default'}>
          {t(`workflow:list.status.${row.status}`)}
        </Tag>
      ),
    },
    {
      key: 'group',
      title: t('workflow:list.columns.group'),
      render: (_, row) => groupLabel(allGroups, row.groupId) ?? t('workflow:list.noGroup'),
    },
    {
      key: 'version',
      title: t('workflow:list.columns.version'),
      render: (_, row) => (
        <Space size={4} wrap>
          {row.publishedVersion === null
            ? t('workflow:list.version.none')
            : t('workflow:list.version.published', { version: row.publishedVersion })}
          {row.publishedVersion !== null && row.hasUnpublishedChanges ? (
            <Tag color="orange">{t('workflow:list.version.changes')}</Tag>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'updatedAt',
      title: t('workflow:list.columns.updatedAt'),
      render: (_, row) => formatTime(row.updatedAt),
    },
    {
      key: 'actions',
      title: t('workflow:list.columns.actions'),
      phone: 'actions',
      render: (_, row) => (
        <Space size={4} wrap>
          <Switch
            size="small"
            checked={row.status === 'enabled'}
            aria-label={t(
              row.status === 'enabled' ? 'workflow:list.actions.disable' : 'workflow:list.actions.enable',
            )}
            loading={setStatus.isPending && setStatus.variables?.id === row._id}
            onChange={(on) =>
              setStatus.mutate(
                { id: row._id, status: on ? 'enabled' : 'disabled' },
                {
                  onSuccess: () =>
                    void message.success(t(on ? 'workflow:list.enabled' : 'workflow:list.disabled')),
                  onError: fail,
                },
              )
            }
            data-testid={`template-status-${row._id}`}
          />
          <Link to={workflowDesignerPath(projectId, row._id)}>{t('workflow:list.actions.design')}</Link>
          <Button
            size="small"
            type="link"
            onClick={() =>
              copyTemplate.mutate(row._id, {
                onSuccess: (copy) => void message.success(t('workflow:list.copied', { name: copy.name })),
                onError: fail,
              })
            }
            data-testid={`template-copy-${row._id}`}
          >
            {t('workflow:list.actions.copy')}
          </Button>
          <ConfirmDanger
            title={t('workflow:list.deleteTitle', { name: row.name })}
            description={t('workflow:list.deleteDescription')}
            okTestId={`template-delete-ok-${row._id}`}
            onConfirm={() =>
              deleteTemplate
                .mutateAsync(row._id)
                .then(() => void message.success(t('workflow:list.deleted')), fail)
            }
          >
            <Button size="small" type="link" danger data-testid={`template-delete-${row._id}`}>
              {t('workflow:list.actions.delete')}
            </Button>
          </ConfirmDanger>
        </Space>
      ),
    },
  ];

  const editing = groupEditing;
  return (
    <div className="workflow-templates" data-testid="workflow-templates">
      <div className="workflow-templates__intro">
        <Typography.Title level={4}>{t('workflow:list.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('workflow:list.intro')}</Typography.Paragraph>
      </div>
      <div className="workflow-templates__body">
        <GroupPanel
          ns="workflow"
          groups={allGroups}
          selected={filter}
          onSelect={select}
          onAdd={() => setGroupEditing({ mode: 'create', parent: null })}
          onAction={groupAction}
        />
        <div className="workflow-templates__list">
          <div className="workflow-templates__toolbar">
            <Input.Search
              allowClear
              className="workflow-templates__search"
              placeholder={t('workflow:list.search')}
              aria-label={t('workflow:list.search')}
              value={typed}
              maxLength={64}
              onChange={(event) => setTyped(event.target.value)}
              onSearch={(value) => {
                setName(value.trim());
                setPage(1);
              }}
              data-testid="template-search"
            />
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="template-new"
            >
              {t('workflow:list.newTemplate')}
            </Button>
          </div>
          <ResponsiveTable<WorkflowTemplate>
            rowKey="_id"
            columns={columns}
            dataSource={list.data?.rows ?? []}
            loading={list.isFetching}
            aria-label={t('workflow:list.title')}
            data-testid="template-table"
            onRow={(row) => ({ 'data-testid': `template-row-${row._id}` }) as object}
            locale={{ emptyText: list.isError ? errorMessage(list.error, t) : t('workflow:list.empty') }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: list.data?.total ?? 0,
              showTotal: (total) => t('workflow:list.total', { count: total }),
              onChange: setPage,
            }}
          />
        </div>
      </div>
      <GroupDialog
        ns="workflow"
        maxLength={WORKFLOW_GROUP_NAME_MAX_LENGTH}
        open={editing !== null}
        title={
          editing?.mode === 'rename'
            ? t('workflow:groups.renameTitle')
            : editing?.parent
              ? t('workflow:groups.createSubTitle', { name: editing.parent.name })
              : t('workflow:groups.createTitle')
        }
        initialName={editing?.mode === 'rename' ? editing.group.name : ''}
        pending={createGroup.isPending || renameGroup.isPending}
        onSubmit={submitGroup}
        onCancel={() => setGroupEditing(null)}
      />
      <CreateTemplateDialog
        open={creating}
        groups={allGroups}
        initialGroupId={filter === 'all' || filter === 'none' ? null : filter}
        pending={createTemplate.isPending}
        onCancel={() => setCreating(false)}
        onSubmit={(details) =>
          createTemplate.mutate(details, {
            onSuccess: (template) => {
              setCreating(false);
              void message.success(t('workflow:create.created'));
              void navigate(workflowDesignerPath(projectId, template._id));
            },
            onError: fail,
          })
        }
      />
    </div>
  );
}
