import '../locales';
import '../formTemplates.css';
import { PlusOutlined } from '@ant-design/icons';
import {
  FORM_GROUP_NAME_MAX_LENGTH,
  type FormGroup,
  type FormTemplateSummary,
} from '@lintel/contracts/forms';
import { App, Button, Input, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { GroupDialog } from '../../../components/groups/GroupDialog';
import { type GroupAction, GroupPanel } from '../../../components/groups/GroupPanel';
import { type GroupFilter, groupLabel } from '../../../components/groups/groupTree';
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { formatTime } from '../../../lib/dateTime';
import { errorMessage } from '../../../lib/errors';
import { useCurrentProject } from '../../workbench';
import { CreateFormTemplateDialog } from '../components/CreateFormTemplateDialog';
import { formTemplateDesignerPath } from '../paths';
import {
  useCopyFormTemplate,
  useCreateFormGroup,
  useCreateFormTemplate,
  useDeleteFormGroup,
  useDeleteFormTemplate,
  useFormGroups,
  useFormTemplates,
  useRenameFormGroup,
  useSetFormTemplateStatus,
} from '../templatesApi';

const PAGE_SIZE = 20;

type GroupEditing = { mode: 'create'; parent: FormGroup | null } | { mode: 'rename'; group: FormGroup };

/**
 * Project settings › form templates (issue 18): groups (two levels) beside the project's form templates,
 * for its administrators (the settings frame shows everyone else its no-permission state). The same
 * shape as the workflow template list, sharing its group column and dialog (components/groups).
 */
export default function FormTemplatesSection() {
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

  const groups = useFormGroups(projectId);
  const list = useFormTemplates(projectId, filter, name, page, PAGE_SIZE);
  const createGroup = useCreateFormGroup(projectId);
  const renameGroup = useRenameFormGroup(projectId);
  const deleteGroup = useDeleteFormGroup(projectId);
  const createTemplate = useCreateFormTemplate(projectId);
  const copyTemplate = useCopyFormTemplate(projectId);
  const setStatus = useSetFormTemplateStatus(projectId);
  const deleteTemplate = useDeleteFormTemplate(projectId);
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
            void message.success(t('forms:groups.renamed'));
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
          void message.success(t('forms:groups.created'));
        },
        onError: fail,
      },
    );
  };

  /** Deletes with the server's counts confirmed; asks again if they changed in between (another 409). */
  const removeGroup = (group: FormGroup, confirm?: number) => {
    deleteGroup.mutate(
      { id: group._id, confirm },
      {
        onSuccess: (result) => {
          if (result.deleted) {
            if (filter === group._id || allGroups.some((g) => g._id === filter && g.parentId === group._id))
              select('all');
            void message.success(t('forms:groups.deleted'));
            return;
          }
          const { counts } = result;
          void modal.confirm({
            title: t('forms:groups.deleteTitle', { name: group.name }),
            content: t('forms:groups.deleteCounts', { ...counts, count: counts.templates }),
            okText: t('forms:groups.deleteConfirm'),
            okButtonProps: { danger: true, ...({ 'data-testid': 'group-delete-confirm' } as object) },
            onOk: () => removeGroup(group, counts.templates),
          });
        },
        onError: fail,
      },
    );
  };

  const groupAction = (group: FormGroup, action: GroupAction) => {
    if (action === 'addSub') setGroupEditing({ mode: 'create', parent: group });
    else if (action === 'rename') setGroupEditing({ mode: 'rename', group });
    else if (group.templateCount === 0 && !allGroups.some((g) => g.parentId === group._id)) {
      // Nothing inside: one plain question (the server deletes an empty group without counts).
      void modal.confirm({
        title: t('forms:groups.deleteEmptyTitle', { name: group.name }),
        okText: t('confirm:delete'),
        okButtonProps: { danger: true, ...({ 'data-testid': 'group-delete-confirm' } as object) },
        onOk: () => removeGroup(group),
      });
    } else removeGroup(group);
  };

  const columns: ResponsiveColumn<FormTemplateSummary>[] = [
    {
      key: 'name',
      title: t('forms:templates.columns.name'),
      phone: 'title',
      render: (_, row) => (
        <Link to={formTemplateDesignerPath(projectId, row._id)} data-testid={`template-link-${row._id}`}>
          {row.name}
        </Link>
      ),
    },
    {
      key: 'status',
      title: t('forms:templates.columns.status'),
      phone: 'status',
      render: (_, row) => (
        <Tag color={row.status === 'enabled' ? 'green' : 'default'}>
          {t(`forms:templates.status.${row.status}`)}
        </Tag>
      ),
    },
    {
      key: 'kind',
      title: t('forms:templates.columns.kind'),
      render: (_, row) => t(`forms:templateKinds.${row.kind}`),
    },
    {
      key: 'group',
      title: t('forms:templates.columns.group'),
      render: (_, row) => groupLabel(allGroups, row.groupId) ?? t('forms:groups.none'),
    },
    {
      key: 'updatedAt',
      title: t('forms:templates.columns.updatedAt'),
      render: (_, row) => formatTime(row.updatedAt),
    },
    {
      key: 'actions',
      title: t('forms:templates.columns.actions'),
      phone: 'actions',
      render: (_, row) => (
        <Space size={4} wrap>
          <Switch
            size="small"
            checked={row.status === 'enabled'}
            aria-label={t(
              row.status === 'enabled' ? 'forms:templates.actions.disable' : 'forms:templates.actions.enable',
            )}
            loading={setStatus.isPending && setStatus.variables?.id === row._id}
            onChange={(on) =>
              setStatus.mutate(
                { id: row._id, status: on ? 'enabled' : 'disabled' },
                {
                  onSuccess: () =>
                    void message.success(t(on ? 'forms:templates.enabled' : 'forms:templates.disabled')),
                  onError: fail,
                },
              )
            }
            data-testid={`template-status-${row._id}`}
          />
          <Link to={formTemplateDesignerPath(projectId, row._id)}>{t('forms:templates.actions.design')}</Link>
          <Button
            size="small"
            type="link"
            onClick={() =>
              copyTemplate.mutate(row._id, {
                onSuccess: (copy) => void message.success(t('forms:templates.copied', { name: copy.name })),
                onError: fail,
              })
            }
            data-testid={`template-copy-${row._id}`}
          >
            {t('forms:templates.actions.copy')}
          </Button>
          <ConfirmDanger
            title={t('forms:templates.deleteTitle', { name: row.name })}
            description={t('forms:templates.deleteDescription')}
            okTestId={`template-delete-ok-${row._id}`}
            onConfirm={() =>
              deleteTemplate
                .mutateAsync(row._id)
                .then(() => void message.success(t('forms:templates.deleted')), fail)
            }
          >
            <Button size="small" type="link" danger data-testid={`template-delete-${row._id}`}>
              {t('forms:templates.actions.delete')}
            </Button>
          </ConfirmDanger>
        </Space>
      ),
    },
  ];

  const editing = groupEditing;
  return (
    <div className="form-templates" data-testid="form-templates">
      <div className="form-templates__intro">
        <Typography.Title level={4}>{t('forms:templates.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('forms:templates.intro')}</Typography.Paragraph>
      </div>
      <div className="form-templates__body">
        <GroupPanel
          ns="forms"
          groups={allGroups}
          selected={filter}
          onSelect={select}
          onAdd={() => setGroupEditing({ mode: 'create', parent: null })}
          onAction={groupAction}
        />
        <div className="form-templates__list">
          <div className="form-templates__toolbar">
            <Input.Search
              allowClear
              className="form-templates__search"
              placeholder={t('forms:templates.search')}
              aria-label={t('forms:templates.search')}
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
              {t('forms:templates.newTemplate')}
            </Button>
          </div>
          <ResponsiveTable<FormTemplateSummary>
            rowKey="_id"
            columns={columns}
            dataSource={list.data?.rows ?? []}
            loading={list.isFetching}
            aria-label={t('forms:templates.title')}
            data-testid="template-table"
            onRow={(row) => ({ 'data-testid': `template-row-${row._id}` }) as object}
            locale={{ emptyText: list.isError ? errorMessage(list.error, t) : t('forms:templates.empty') }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: list.data?.total ?? 0,
              showTotal: (total) => t('forms:templates.total', { count: total }),
              onChange: setPage,
            }}
          />
        </div>
      </div>
      <GroupDialog
        ns="forms"
        maxLength={FORM_GROUP_NAME_MAX_LENGTH}
        open={editing !== null}
        title={
          editing?.mode === 'rename'
            ? t('forms:groups.renameTitle')
            : editing?.parent
              ? t('forms:groups.createSubTitle', { name: editing.parent.name })
              : t('forms:groups.createTitle')
        }
        initialName={editing?.mode === 'rename' ? editing.group.name : ''}
        pending={createGroup.isPending || renameGroup.isPending}
        onSubmit={submitGroup}
        onCancel={() => setGroupEditing(null)}
      />
      <CreateFormTemplateDialog
        projectId={projectId}
        open={creating}
        groups={allGroups}
        initialGroupId={filter === 'all' || filter === 'none' ? null : filter}
        pending={createTemplate.isPending}
        onCancel={() => setCreating(false)}
        onSubmit={(details) =>
          createTemplate.mutate(details, {
            onSuccess: (template) => {
              setCreating(false);
              void message.success(t('forms:create.created'));
              void navigate(formTemplateDesignerPath(projectId, template._id));
            },
            onError: fail,
          })
        }
      />
    </div>
  );
}
