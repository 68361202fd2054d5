import { PlusOutlined } from '@ant-design/icons';
import {
  MODEL_TAG_TYPES,
  type ModelTag,
  type ModelTagType,
  SETTING_NAME_MAX_LENGTH,
} from '@lintel/contracts/models';
import { App, Button, Form, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { useNameRules } from '../../../components/project/NameList';
import { errorMessage } from '../../../lib/errors';
import {
  useCreateModelSetting,
  useDeleteModelSetting,
  useModelSettings,
  useUpdateModelSetting,
} from '../api';
import { SettingsLoadError } from './SettingsLoadError';

interface TagValues {
  name: string;
  type: ModelTagType;
}

/** Model tags: a name and a type (discipline, building, floor, phase, other); duplicates refused at the name. */
export function ModelTagsTab({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useModelSettings(projectId, 'model-tags');
  const create = useCreateModelSetting(projectId, 'model-tags');
  const update = useUpdateModelSetting(projectId, 'model-tags');
  const remove = useDeleteModelSetting(projectId, 'model-tags');
  const [addForm] = Form.useForm<TagValues>();
  const [editForm] = Form.useForm<TagValues>();
  const [editing, setEditing] = useState<string | null>(null);
  const rules = useNameRules(SETTING_NAME_MAX_LENGTH);
  const typeOptions = MODEL_TAG_TYPES.map((type) => ({ value: type, label: t(`models:tagType.${type}`) }));
  const rows = [...(list.data ?? [])].sort((a, b) => a.order - b.order);

  const add = async (values: TagValues) => {
    try {
      await create.mutateAsync({ name: values.name.trim(), type: values.type });
      addForm.resetFields();
      void message.success(t('models:settings.added'));
    } catch (error) {
      // A duplicate (409) or a refused name is shown where it was typed.
      addForm.setFields([{ name: 'name', errors: [errorMessage(error, t)] }]);
    }
  };

  const save = async (row: ModelTag, values: TagValues) => {
    try {
      await update.mutateAsync({ id: row._id, name: values.name.trim(), type: values.type });
      setEditing(null);
      void message.success(t('models:settings.saved'));
    } catch (error) {
      editForm.setFields([{ name: 'name', errors: [errorMessage(error, t)] }]);
    }
  };

  if (list.isError) return <SettingsLoadError error={list.error} onRetry={() => void list.refetch()} />;

  const columns: TableColumnsType<ModelTag> = [
    {
      key: 'name',
      title: t('models:settings.tagName'),
      render: (_, row) =>
        editing === row._id ? (
          <Form form={editForm} layout="inline" onFinish={(values) => void save(row, values)}>
            <Form.Item name="name" rules={rules}>
              <Input
                autoFocus
                maxLength={SETTING_NAME_MAX_LENGTH}
                aria-label={t('models:settings.tagName')}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') setEditing(null);
                }}
                data-testid={`model-tag-rename-input-${row._id}`}
              />
            </Form.Item>
            <Form.Item name="type">
              <Select
                options={typeOptions}
                className="models-filters__select"
                aria-label={t('models:settings.tagType')}
              />
            </Form.Item>
            <Space>
              <Button
                type="primary"
                htmlType="submit"
                loading={update.isPending}
                data-testid={`model-tag-save-${row._id}`}
              >
                {t('models:action.save')}
              </Button>
              <Button onClick={() => setEditing(null)}>{t('models:action.cancel')}</Button>
            </Space>
          </Form>
        ) : (
          <span data-testid={`model-tag-name-${row._id}`}>{row.name}</span>
        ),
    },
    {
      key: 'type',
      title: t('models:settings.tagType'),
      width: 140,
      render: (_, row) => (editing === row._id ? null : t(`models:tagType.${row.type}`)),
    },
    {
      key: 'actions',
      title: t('models:field.actions'),
      width: 180,
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => {
              editForm.setFieldsValue({ name: row.name, type: row.type });
              setEditing(row._id);
            }}
            data-testid={`model-tag-edit-${row._id}`}
          >
            {t('models:action.edit')}
          </Button>
          <ConfirmDanger
            title={t('models:settings.deleteTag', { name: row.name })}
            description={t('models:settings.deleteTagHint')}
            okTestId={`model-tag-delete-ok-${row._id}`}
            onConfirm={() =>
              remove.mutateAsync(row._id).then(
                () => void message.success(t('models:settings.deleted')),
                (error: unknown) => void message.error(errorMessage(error, t)),
              )
            }
          >
            <Button type="link" size="small" danger data-testid={`model-tag-delete-${row._id}`}>
              {t('models:action.delete')}
            </Button>
          </ConfirmDanger>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="model-tags">
      <Form
        form={addForm}
        layout="inline"
        initialValues={{ type: 'discipline' }}
        onFinish={(values) => void add(values)}
        className="project-name-list__add"
      >
        <Form.Item name="name" rules={rules}>
          <Input
            maxLength={SETTING_NAME_MAX_LENGTH}
            placeholder={t('models:settings.tagPlaceholder')}
            aria-label={t('models:settings.tagPlaceholder')}
            data-testid="model-tag-add-input"
          />
        </Form.Item>
        <Form.Item name="type">
          <Select
            options={typeOptions}
            className="models-filters__select"
            aria-label={t('models:settings.tagType')}
            data-testid="model-tag-add-type"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<PlusOutlined />}
          loading={create.isPending}
          data-testid="model-tag-add"
        >
          {t('models:settings.add')}
        </Button>
      </Form>
      <Table<ModelTag>
        rowKey="_id"
        columns={columns}
        dataSource={rows}
        loading={list.isPending}
        pagination={false}
        size="middle"
        locale={{ emptyText: t('models:settings.emptyTags') }}
      />
    </div>
  );
}
