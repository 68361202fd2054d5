import { PlusOutlined } from '@ant-design/icons';
import { TOPIC_SETTING_NAME_MAX_LENGTH, type TopicSetting } from '@lintel/contracts/topics';
import { App, Button, Card, Form, Input, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ErrorState } from '../../../components/ErrorState';
import { errorMessage } from '../../../lib/errors';
import {
  type TopicSettingKind,
  useCreateSetting,
  useDeleteSetting,
  useTopicSettings,
  useUpdateSetting,
} from '../api';

/** A name typed in the settings: required, at most TOPIC_SETTING_NAME_MAX_LENGTH. */
function useNameRules() {
  const { t } = useTranslation();
  return [
    { required: true, whitespace: true, message: t('topics:settings.nameRequired') },
    {
      max: TOPIC_SETTING_NAME_MAX_LENGTH,
      message: t('topics:settings.nameTooLong', { max: TOPIC_SETTING_NAME_MAX_LENGTH }),
    },
  ];
}

/** One list of the topic settings (species or subcontracts): add, rename in place, delete when unused. */
export function SettingList({ projectId, kind }: { projectId: string; kind: TopicSettingKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useTopicSettings(projectId, kind);
  const create = useCreateSetting(projectId, kind);
  const update = useUpdateSetting(projectId, kind);
  const remove = useDeleteSetting(projectId, kind);
  const [addForm] = Form.useForm<{ name: string }>();
  const [renameForm] = Form.useForm<{ name: string }>();
  const [editing, setEditing] = useState<string | null>(null);
  const rules = useNameRules();
  const rows = [...(list.data ?? [])].sort((a, b) => a.order - b.order);

  const add = async ({ name }: { name: string }) => {
    try {
      await create.mutateAsync({ name: name.trim() });
      addForm.resetFields();
      void message.success(t('topics:settings.added'));
    } catch (error) {
      addForm.setFields([{ name: 'name', errors: [errorMessage(error, t)] }]);
    }
  };

  const rename = async (row: TopicSetting, { name }: { name: string }) => {
    try {
      await update.mutateAsync({ id: row._id, name: name.trim() });
      setEditing(null);
      void message.success(t('topics:settings.saved'));
    } catch (error) {
      renameForm.setFields([{ name: 'name', errors: [errorMessage(error, t)] }]);
    }
  };

  const startRename = (row: TopicSetting) => {
    renameForm.setFieldsValue({ name: row.name });
    setEditing(row._id);
  };

  const columns: TableColumnsType<TopicSetting> = [
    {
      key: 'name',
      title: t('topics:settings.name'),
      render: (_, row) =>
        editing === row._id ? (
          <Form form={renameForm} layout="inline" onFinish={(values) => void rename(row, values)}>
            <Form.Item name="name" rules={rules}>
              <Input
                autoFocus
                maxLength={TOPIC_SETTING_NAME_MAX_LENGTH}
                aria-label={t('topics:settings.name')}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') setEditing(null);
                }}
                data-testid={`setting-rename-input-${row._id}`}
              />
            </Form.Item>
            <Space>
              <Button
                type="primary"
                htmlType="submit"
                loading={update.isPending}
                data-testid={`setting-rename-save-${row._id}`}
              >
                {t('topics:settings.save')}
              </Button>
              <Button onClick={() => setEditing(null)}>{t('topics:action.cancel')}</Button>
            </Space>
          </Form>
        ) : (
          <span data-testid={`setting-name-${row._id}`}>{row.name}</span>
        ),
    },
    {
      key: 'usage',
      title: t('topics:settings.usage'),
      width: 140,
      render: (_, row) => t('topics:settings.usageCount', { count: row.usage }),
    },
    {
      key: 'actions',
      title: t('topics:settings.actions'),
      width: 180,
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => startRename(row)}
            data-testid={`setting-rename-${row._id}`}
          >
            {t('topics:settings.rename')}
          </Button>
          <ConfirmDanger
            title={t('topics:settings.deleteConfirm', { name: row.name })}
            okTestId={`setting-delete-ok-${row._id}`}
            onConfirm={() =>
              remove.mutateAsync(row._id).then(
                () => void message.success(t('topics:settings.deleted')),
                (error: unknown) => void message.error(errorMessage(error, t)),
              )
            }
          >
            <Button type="link" size="small" danger data-testid={`setting-delete-${row._id}`}>
              {t('topics:action.delete')}
            </Button>
          </ConfirmDanger>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t(`topics:settings.${kind}`)} data-testid={`settings-${kind}`}>
      {list.isError ? (
        <ErrorState
          title={t('topics:settings.loadError')}
          description={errorMessage(list.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void list.refetch()}
          busy={list.isFetching}
        />
      ) : (
        <>
          <Form
            form={addForm}
            layout="inline"
            onFinish={(values) => void add(values)}
            className="topic-settings__add"
          >
            <Form.Item name="name" rules={rules}>
              <Input
                maxLength={TOPIC_SETTING_NAME_MAX_LENGTH}
                placeholder={t(`topics:settings.placeholder.${kind}`)}
                aria-label={t(`topics:settings.placeholder.${kind}`)}
                data-testid={`setting-add-input-${kind}`}
              />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<PlusOutlined />}
              loading={create.isPending}
              data-testid={`setting-add-${kind}`}
            >
              {t('topics:settings.add')}
            </Button>
          </Form>
          <Table<TopicSetting>
            rowKey="_id"
            columns={columns}
            dataSource={rows}
            loading={list.isPending}
            pagination={false}
            locale={{ emptyText: t(`topics:settings.empty.${kind}`) }}
            data-testid={`settings-table-${kind}`}
          />
        </>
      )}
    </Card>
  );
}
