import '../locales';
import '../models.css';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { errorMessage } from '../../../lib/errors';
import { useElement, useElementShare } from '../api';
import { ElementQrCard } from './ElementQrCard';

export interface ElementQrDialogProps {
  projectId: string;
  modelId: string;
  globalId: string;
  open: boolean;
  onClose: () => void;
}

/**
 * The QR code of one element (for the viewer's properties panel): opening it makes the element's share (the
 * same one each time) and shows the code of its public page, to copy, download or print.
 */
export function ElementQrDialog({ projectId, modelId, globalId, open, onClose }: ElementQrDialogProps) {
  const { t } = useTranslation();
  const share = useElementShare(projectId, modelId, globalId, open);
  const element = useElement(projectId, open ? modelId : '', globalId);
  const url = share.data ? new URL(share.data.path, window.location.origin).href : '';
  const title = element.data?.name || element.data?.ifcClass || globalId;

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('models:qr.dialogTitle')}
      destroyOnHidden
      data-testid="element-qr-dialog"
    >
      {share.isError ? (
        <ErrorState
          title={t('models:qr.shareError')}
          description={errorMessage(share.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void share.refetch()}
          busy={share.isFetching}
          testId="element-qr-error"
        />
      ) : (
        <ElementQrCard
          url={url}
          title={title}
          subtitle={element.data ? `${element.data.ifcClass} · ${globalId}` : globalId}
          loading={share.isPending}
          testId="element-qr"
        />
      )}
    </Modal>
  );
}

export default ElementQrDialog;
