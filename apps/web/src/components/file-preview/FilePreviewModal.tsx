import './locales';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilePreview } from './FilePreview';

interface FilePreviewModalProps {
  /** The file to show; null: the dialog is closed. */
  fileId: string | null;
  onClose: () => void;
}

/**
 * The preview in a dialog, for screens that list attachments (announcements, documents): Esc, the close
 * button and a click beside it close it. FilePreview handles Esc itself (it also knows when a field inside
 * has the focus), so the dialog's own Esc handling is off.
 */
export function FilePreviewModal({ fileId, onClose }: FilePreviewModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={fileId !== null}
      onCancel={onClose}
      footer={null}
      closable={false}
      keyboard={false}
      destroyOnHidden
      centered
      width="min(1120px, 94vw)"
      title={<span className="file-preview-modal__title">{t('preview:title')}</span>}
      className="file-preview-modal"
      data-testid="file-preview-modal"
    >
      {fileId !== null ? <FilePreview fileId={fileId} onClose={onClose} /> : null}
    </Modal>
  );
}
