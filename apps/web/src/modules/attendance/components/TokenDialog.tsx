import { CopyOutlined } from '@ant-design/icons';
import type { AttendanceDeviceCreated } from '@lintel/contracts/personnel';
import { Alert, App, Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The new device's token, shown this once: only its hash is kept by the server, so closing the dialog is
 * the last chance to copy it (a lost token means a new device).
 */
export function TokenDialog({
  device,
  onClose,
}: {
  device: AttendanceDeviceCreated | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    if (!device) return;
    try {
      await navigator.clipboard.writeText(device.token);
      void message.success(t('attendance:devices.copied'));
    } catch {
      void message.error(t('attendance:devices.copyFailed'));
    }
  };
  return (
    <Modal
      open={device !== null}
      title={t('attendance:devices.tokenTitle', { name: device?.name ?? '' })}
      onCancel={onClose}
      maskClosable={false}
      // The token leaves the page with the dialog: nothing of it stays in a hidden node.
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="token-done">
          {t('attendance:devices.tokenDone')}
        </Button>
      }
      data-testid="token-dialog"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon message={t('attendance:devices.tokenWarning')} />
        <Typography.Paragraph className="attendance-token" data-testid="device-token">
          {device?.token}
        </Typography.Paragraph>
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="token-copy">
          {t('attendance:devices.copy')}
        </Button>
      </Space>
    </Modal>
  );
}
