import { PlusOutlined } from '@ant-design/icons';
import { type DayOff, PERSONNEL_SETTING_NAME_MAX_LENGTH } from '@lintel/contracts/personnel';
import { App, Button, DatePicker, Form, Input, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { errorMessage } from '../../../lib/errors';
import { useCreateSetting, useDeleteSetting, useSettings } from '../settingsApi';
import { SettingsLoadError } from './SettingsLoadError';

interface DayOffValues {
  date: Dayjs | null;
  name: string;
}

/** Holidays and special dates: one per date (a repeated date is refused with the server's message). */
export function DayOffsTab({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useSettings(projectId, 'dayOffs');
  const create = useCreateSetting(projectId, 'dayOffs');
  const remove = useDeleteSetting(projectId, 'dayOffs');
  const [form] = Form.useForm<DayOffValues>();
  if (list.isError) return <SettingsLoadError query={list} />;

  const add = async (values: DayOffValues) => {
    const name = values.name?.trim();
    try {
      await create.mutateAsync({ date: values.date?.format('YYYY-MM-DD'), ...(name ? { name } : {}) });
      form.resetFields();
      void message.success(t('personnel:settings.added'));
    } catch (error) {
      form.setFields([{ name: 'date', errors: [errorMessage(error, t)] }]);
    }
  };

  const rows = [...(list.data ?? [])].sort((a, b) => a.date.localeCompare(b.date));
  const columns: TableColumnsType<DayOff> = [
    {
      key: 'date',
      title: t('personnel:settings.dayOffs.date'),
      width: 160,
      render: (_, row) => <span data-testid={`dayoff-date-${row._id}`}>{row.date}</span>,
    },
    {
      key: 'name',
      title: t('personnel:settings.name'),
      render: (_, row) => row.name || t('personnel:detail.none'),
    },
    {
      key: 'actions',
      title: t('personnel:settings.actions'),
      width: 120,
      render: (_, row) => (
        <ConfirmDanger
          title={t('personnel:settings.dayOffs.deleteConfirm', { date: row.date })}
          okTestId={`dayoffs-delete-ok-${row._id}`}
          onConfirm={() =>
            remove.mutateAsync(row._id).then(
              () => void message.success(t('personnel:settings.deleted')),
              (error: unknown) => void message.error(errorMessage(error, t)),
            )
          }
        >
          <Button type="link" size="small" danger data-testid={`dayoffs-delete-${row._id}`}>
            {t('personnel:action.delete')}
          </Button>
        </ConfirmDanger>
      ),
    },
  ];

  return (
    <div data-testid="dayoffs">
      <Form
        form={form}
        layout="inline"
        initialValues={{ date: null, name: '' }}
        onFinish={(values) => void add(values)}
        className="personnel-settings__add"
      >
        <Form.Item
          name="date"
          rules={[{ required: true, message: t('personnel:settings.dayOffs.dateRequired') }]}
        >
          <DatePicker aria-label={t('personnel:settings.dayOffs.date')} data-testid="dayoffs-add-date" />
        </Form.Item>
        <Form.Item name="name">
          <Input
            maxLength={PERSONNEL_SETTING_NAME_MAX_LENGTH}
            placeholder={t('personnel:settings.dayOffs.namePlaceholder')}
            aria-label={t('personnel:settings.dayOffs.namePlaceholder')}
            data-testid="dayoffs-add-name"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<PlusOutlined />}
          loading={create.isPending}
          data-testid="dayoffs-add"
        >
          {t('personnel:action.add')}
        </Button>
      </Form>
      <Table<DayOff>
        rowKey="_id"
        columns={columns}
        dataSource={rows}
        loading={list.isPending}
        pagination={false}
        size="middle"
        locale={{ emptyText: t('personnel:settings.dayOffs.empty') }}
      />
    </div>
  );
}
