import '../locales';
import '../models.css';
import { SearchOutlined } from '@ant-design/icons';
import {
  type NamedSetting,
  SELECTION_SET_NAME_MAX_LENGTH,
  SELECTION_SET_REMARK_MAX_LENGTH,
  type SelectionSet,
} from '@lintel/contracts/models';
import {
  App,
  Button,
  Collapse,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Spin,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type HTMLAttributes, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ErrorState } from '../../../components/ErrorState';
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { RetryAlert } from '../../../components/project/RetryAlert';
import { formatTime } from '../../../lib/dateTime';
import { errorMessage } from '../../../lib/errors';
import { showFieldErrors } from '../../../lib/fieldErrors';
import { isHttpError } from '../../../lib/http';
import { useCurrentUser } from '../../account/api';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import {
  useAllModels,
  useDeleteSelectionSet,
  useModelRight,
  useModelSettings,
  useSelectionSets,
  useUpdateSelectionSet,
} from '../api';
import { modelViewerPath } from '../paths';

/** The key of the sets without a group. */
const UNGROUPED = 'none';

/** /projects/:projectId/models/selection-sets — the project's selection sets by group. */
export default function SelectionSetsPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        <SelectionSets />
      </WorkbenchLayout>
    </App>
  );
}

interface RenameValues {
  name: string;
  remark: string;
}

function RenameDialog({
  projectId,
  set,
  onClose,
}: {
  projectId: string;
  set: SelectionSet | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RenameValues>();
  const update = useUpdateSelectionSet(projectId);

  const save = async (values: RenameValues) => {
    if (!set) return;
    try {
      await update.mutateAsync({
        id: set._id,
        name: values.name.trim(),
        remark: (values.remark ?? '').trim(),
      });
      void message.success(t('models:sets.saved'));
      onClose();
    } catch (error) {
      if (isHttpError(error) && error.status === 409) {
        // Names are unique within a group.
        form.setFields([{ name: 'name', errors: [errorMessage(error, t)] }]);
      } else if (!showFieldErrors(form, error, ['name', 'remark'])) {
        void message.error(errorMessage(error, t));
      }
    }
  };

  return (
    <Modal
      open={set !== null}
      title={t('models:sets.renameTitle')}
      okText={t('models:action.save')}
      cancelText={t('models:action.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
      okButtonProps={{ ...({ 'data-testid': 'set-rename-save' } as object) }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={set ? { name: set.name, remark: set.remark } : undefined}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="name"
          label={t('models:sets.name')}
          rules={[
            { required: true, whitespace: true, message: t('models:sets.nameRequired') },
            {
              max: SELECTION_SET_NAME_MAX_LENGTH,
              message: t('models:sets.nameTooLong', { max: SELECTION_SET_NAME_MAX_LENGTH }),
            },
          ]}
        >
          <Input
            maxLength={SELECTION_SET_NAME_MAX_LENGTH}
            showCount
            autoFocus
            data-testid="set-rename-name"
          />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('models:field.remark')}
          rules={[
            {
              max: SELECTION_SET_REMARK_MAX_LENGTH,
              message: t('models:edit.remarkTooLong', { max: SELECTION_SET_REMARK_MAX_LENGTH }),
            },
          ]}
        >
          <Input.TextArea rows={2} maxLength={SELECTION_SET_REMARK_MAX_LENGTH} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function MoveDialog({
  projectId,
  set,
  groups,
  onClose,
}: {
  projectId: string;
  set: SelectionSet | null;
  groups: readonly NamedSetting[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateSelectionSet(projectId);
  const [target, setTarget] = useState<string | undefined>(undefined);
  const current = set?.groupId ?? UNGROUPED;

  const save = async () => {
    if (!set || target === undefined) return;
    try {
      await update.mutateAsync({ id: set._id, groupId: target === UNGROUPED ? null : target });
      void message.success(t('models:sets.moved'));
      onClose();
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };

  return (
    <Modal
      open={set !== null}
      title={set ? t('models:sets.moveTitle', { name: set.name }) : ''}
      okText={t('models:sets.move')}
      cancelText={t('models:action.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{
        disabled: target === undefined || target === current,
        ...({ 'data-testid': 'set-move-save' } as object),
      }}
      confirmLoading={update.isPending}
      afterOpenChange={(open) => {
        if (open) setTarget(current);
      }}
      destroyOnHidden
    >
      <Select<string>
        value={target}
        onChange={setTarget}
        className="models-sets__move"
        aria-label={t('models:sets.group')}
        options={[
          { value: UNGROUPED, label: t('models:sets.ungrouped') },
          ...groups.map((group) => ({ value: group._id, label: group.name })),
        ]}
        data-testid="set-move-group"
      />
    </Modal>
  );
}

function SelectionSets() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useCurrentUser();
  const { projectId } = useCurrentProject();
  const sets = useSelectionSets(projectId);
  const groups = useModelSettings(projectId, 'selection-set-groups');
  const models = useAllModels(projectId);
  const canEdit = useModelRight(projectId, 'edit').data === true;
  const canDelete = useModelRight(projectId, 'delete').data === true;
  const remove = useDeleteSelectionSet(projectId);
  const [keyword, setKeyword] = useState('');
  const [renaming, setRenaming] = useState<SelectionSet | null>(null);
  const [moving, setMoving] = useState<SelectionSet | null>(null);

  const modelName = useMemo(
    () => new Map((models.data ?? []).map((model) => [model._id, model.name])),
    [models.data],
  );
  const groupList = useMemo(() => [...(groups.data ?? [])].sort((a, b) => a.order - b.order), [groups.data]);

  const sections = useMemo(() => {
    const needle = keyword.trim().toLowerCase();
    const matching = (sets.data ?? [])
      .filter(
        (set) =>
          !needle || set.name.toLowerCase().includes(needle) || set.remark.toLowerCase().includes(needle),
      )
      .sort((a, b) => a.name.localeCompare(b.name));
    const known = new Set(groupList.map((group) => group._id));
    const of = (groupId: string | null) =>
      matching.filter((set) =>
        groupId === null ? set.groupId === null || !known.has(set.groupId) : set.groupId === groupId,
      );
    return [
      ...groupList.map((group) => ({ key: group._id, name: group.name, rows: of(group._id) })),
      { key: UNGROUPED, name: t('models:sets.ungrouped'), rows: of(null) },
    ].filter((section) => !needle || section.rows.length > 0);
  }, [sets.data, groupList, keyword, t]);

  const mayEdit = (set: SelectionSet) => canEdit || set.createdBy === user?._id;
  const mayDelete = (set: SelectionSet) => canDelete || set.createdBy === user?._id;

  const columns: ResponsiveColumn<SelectionSet>[] = [
    {
      key: 'name',
      title: t('models:sets.name'),
      phone: 'title',
      render: (_, row) => (
        <div>
          <span className="models-break" data-testid={`set-name-${row._id}`}>
            {row.name}
          </span>
          {row.remark ? (
            <Typography.Paragraph
              type="secondary"
              className="models-table__remark"
              ellipsis={{ rows: 1, tooltip: row.remark }}
            >
              {row.remark}
            </Typography.Paragraph>
          ) : null}
        </div>
      ),
    },
    {
      key: 'models',
      title: t('models:sets.models'),
      render: (_, row) => (
        <Space size={[0, 4]} wrap>
          {row.items.map((item) =>
            row.missingModelIds?.includes(item.modelId) ? (
              <Tooltip key={item.modelId} title={t('models:sets.modelDeletedHint')}>
                <Tag color="red">{t('models:sets.modelDeleted')}</Tag>
              </Tooltip>
            ) : (
              <Tag key={item.modelId}>{modelName.get(item.modelId) ?? t('models:sets.unknownModel')}</Tag>
            ),
          )}
        </Space>
      ),
    },
    {
      key: 'count',
      title: t('models:sets.elements'),
      width: 110,
      render: (_, row) => <span data-testid={`set-count-${row._id}`}>{row.elementCount}</span>,
    },
    {
      key: 'updated',
      title: t('models:field.updated'),
      width: 150,
      render: (_, row) => formatTime(row.updatedAt),
    },
    {
      key: 'actions',
      title: t('models:field.actions'),
      width: 250,
      phone: 'actions',
      render: (_, row) => {
        const open = row.items.map((item) => item.modelId).filter((id) => !row.missingModelIds?.includes(id));
        return (
          <Space size={0} wrap>
            {open.length > 0 ? (
              <Link
                to={modelViewerPath(projectId, { models: open, selectionSet: row._id })}
                className="models-table__open"
                data-testid={`set-open-${row._id}`}
              >
                {t('models:action.open')}
              </Link>
            ) : null}
            {mayEdit(row) ? (
              <>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setRenaming(row)}
                  data-testid={`set-rename-${row._id}`}
                >
                  {t('models:sets.rename')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setMoving(row)}
                  data-testid={`set-move-${row._id}`}
                >
                  {t('models:sets.move')}
                </Button>
              </>
            ) : null}
            {mayDelete(row) ? (
              <ConfirmDanger
                title={t('models:sets.deleteConfirm', { name: row.name })}
                okTestId={`set-delete-ok-${row._id}`}
                onConfirm={() =>
                  remove.mutateAsync(row._id).then(
                    () => void message.success(t('models:sets.deleted')),
                    (error: unknown) => void message.error(errorMessage(error, t)),
                  )
                }
              >
                <Button type="link" size="small" danger data-testid={`set-delete-${row._id}`}>
                  {t('models:action.delete')}
                </Button>
              </ConfirmDanger>
            ) : null}
          </Space>
        );
      },
    },
  ];

  const body = () => {
    if (sets.isError) {
      return (
        <ErrorState
          title={t('models:sets.error')}
          description={errorMessage(sets.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void sets.refetch()}
          busy={sets.isFetching}
          testId="sets-error"
        />
      );
    }
    if (sets.isPending || groups.isPending) return <Spin data-testid="sets-loading" />;
    if ((sets.data ?? []).length === 0) {
      return <Empty description={t('models:sets.empty')} data-testid="sets-empty" />;
    }
    if (sections.length === 0) {
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('models:sets.emptyFiltered')}
          data-testid="sets-empty"
        />
      );
    }
    return (
      <Collapse
        // Every group starts open: a search shows its hits at once.
        defaultActiveKey={sections.map((section) => section.key)}
        key={keyword.trim() ? 'searching' : 'all'}
        items={sections.map((section) => ({
          key: section.key,
          label: (
            <span data-testid={`set-group-${section.key}`}>
              {section.name} <Typography.Text type="secondary">({section.rows.length})</Typography.Text>
            </span>
          ),
          children: (
            <ResponsiveTable<SelectionSet>
              rowKey="_id"
              size="middle"
              columns={columns}
              dataSource={section.rows}
              pagination={section.rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
              scroll={{ x: 900 }}
              locale={{ emptyText: t('models:sets.groupEmpty') }}
              onRow={(row) => ({ 'data-testid': `set-row-${row._id}` }) as HTMLAttributes<HTMLElement>}
            />
          ),
        }))}
      />
    );
  };

  return (
    <div className="models" data-testid="selection-sets-page">
      <div className="project-page__head">
        <div>
          <Typography.Title level={3} className="project-page__title">
            {t('models:sets.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('models:sets.hint')}</Typography.Paragraph>
        </div>
      </div>
      <div className="models-sets__toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          value={keyword}
          maxLength={SELECTION_SET_NAME_MAX_LENGTH}
          placeholder={t('models:sets.search')}
          aria-label={t('models:sets.search')}
          onChange={(event) => setKeyword(event.target.value)}
          className="models-filters__keyword"
          data-testid="sets-search"
        />
      </div>
      {groups.isError ? <RetryAlert error={groups.error} onRetry={() => void groups.refetch()} /> : null}
      {body()}
      <RenameDialog projectId={projectId} set={renaming} onClose={() => setRenaming(null)} />
      <MoveDialog projectId={projectId} set={moving} groups={groupList} onClose={() => setMoving(null)} />
    </div>
  );
}
