import '../locales';
import '../attendance.css';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import type { AttendanceDevice, AttendanceDeviceCreated } from '@lintel/contracts/personnel';
import { App, Button, Empty, Result, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ErrorState } from '../../../components/ErrorState';
import { formatTime } from '../../../lib/dateTime';
import { errorMessage } from '../../../lib/errors';
import { lazyComponent } from '../../../lib/lazyComponent';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { useCreateDevice, useDevices, useRenameDevice, useRevokeDevice } from '../api';
import { IngestHelp } from '../components/IngestHelp';
import { attendancePath } from '../paths';

// The two dialogs (a form, the one-time token) load when an administrator first adds or renames a gate.
const NameDialog = lazyComponent(
  () => import('../components/NameDialog').then((module) => module.NameDialog),
  {
    when: (props) => props.initial !== null,
  },
);
const TokenDialog = lazyComponent(
  () => import('../components/TokenDialog').then((module) => module.TokenDialog),
  { when: (props) => props.device !== null },
);

/** /projects/:projectId/attendance/devices — the site gates that send attendance events (admins). */
export default function AttendanceDevicesPage() {
  return (
    <App component={false}>
      <WorkbenchLayout>
        <Devices />
      </WorkbenchLayout>
    </App>
  );
}

type Naming = { mode: 'create' } | { mode: 'rename'; device: AttendanceDevice };

function Devices() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { projectId, isAdmin } = useCurrentProject();
  const devices = useDevices(projectId, isAdmin);
  const create = useCreateDevice(projectId);
  const rename = useRenameDevice(projectId);
  const revoke = useRevokeDevice(projectId);
  const [naming, setNaming] = useState<Naming | null>(null);
  const [created, setCreated] = useState<AttendanceDeviceCreated | null>(null);

  if (!isAdmin) {
    return <Result status="403" title={t('attendance:devices.adminsOnly')} data-testid="devices-forbidden" />;
  }

  const save = async (name: string) => {
    if (naming?.mode === 'rename') {
      await rename.mutateAsync({ id: naming.device._id, name });
    } else {
      setCreated(await create.mutateAsync(name));
    }
    setNaming(null);
  };

  const remove = async (device: AttendanceDevice) => {
    try {
      await revoke.mutateAsync(device._id);
      void message.success(t('attendance:devices.revoked', { name: device.name }));
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };

  const columns: TableColumnsType<AttendanceDevice> = [
    { title: t('attendance:devices.name'), dataIndex: 'name' },
    {
      title: t('attendance:devices.lastSeen'),
      key: 'lastSeen',
      render: (_, device) =>
        device.lastSeenAt ? formatTime(device.lastSeenAt) : t('attendance:devices.never'),
    },
    { title: t('attendance:devices.created'), key: 'created', render: (_, d) => formatTime(d.createdAt) },
    {
      title: t('attendance:column.actions'),
      key: 'actions',
      render: (_, device) => (
        <Space>
          <Button
            size="small"
            onClick={() => setNaming({ mode: 'rename', device })}
            data-testid={`rename-${device._id}`}
          >
            {t('attendance:devices.rename')}
          </Button>
          <ConfirmDanger
            title={t('attendance:devices.revokeTitle', { name: device.name })}
            description={t('attendance:devices.revokeHint')}
            okText={t('attendance:devices.revoke')}
            okTestId={`revoke-confirm-${device._id}`}
            onConfirm={() => remove(device)}
          >
            <Button size="small" danger data-testid={`revoke-${device._id}`}>
              {t('attendance:devices.revoke')}
            </Button>
          </ConfirmDanger>
        </Space>
      ),
    },
  ];

  return (
    <div className="attendance" data-testid="attendance-devices">
      <div className="attendance__head">
        <Space>
          <Button
            icon={<ArrowLeftOutlined />}
            aria-label={t('attendance:board.title')}
            onClick={() => void navigate(attendancePath(projectId))}
          />
          <Typography.Title level={3} className="attendance__title">
            {t('attendance:devices.title')}
          </Typography.Title>
        </Space>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setNaming({ mode: 'create' })}
          data-testid="device-create"
        >
          {t('attendance:devices.create')}
        </Button>
      </div>
      {devices.isError && !devices.data ? (
        <ErrorState
          title={t('attendance:devices.error')}
          description={errorMessage(devices.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void devices.refetch()}
          busy={devices.isFetching}
          testId="devices-error"
        />
      ) : (
        <Table<AttendanceDevice>
          className="attendance__card"
          rowKey="_id"
          columns={columns}
          dataSource={devices.data ?? []}
          loading={devices.isPending}
          pagination={false}
          onRow={(device) => ({ 'data-testid': `device-row-${device._id}` }) as object}
          locale={{
            emptyText: <Empty description={t('attendance:devices.empty')} data-testid="devices-empty" />,
          }}
        />
      )}
      <IngestHelp />
      <NameDialog
        title={t(
          naming?.mode === 'rename' ? 'attendance:devices.renameTitle' : 'attendance:devices.createTitle',
        )}
        initial={naming === null ? null : naming.mode === 'rename' ? naming.device.name : ''}
        onSave={save}
        onClose={() => setNaming(null)}
      />
      <TokenDialog device={created} onClose={() => setCreated(null)} />
    </div>
  );
}
