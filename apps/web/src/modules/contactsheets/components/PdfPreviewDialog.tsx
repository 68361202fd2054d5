import '../../../components/file-preview/locales';
import '../../../components/file-preview/filePreview.css';
import { ExportOutlined } from '@ant-design/icons';
import { Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PdfViewer } from '../../../components/file-preview/PdfViewer';
import { sheetPdfUrl } from '../api';

interface PdfPreviewDialogProps {
  sheetId: string;
  title: string;
  open: boolean;
  onClose: () => void;
}

/** The sheet's printable PDF (`?preview=true`, inline) in the file preview's PDF viewer, or in a new tab. */
export function PdfPreviewDialog({ sheetId, title, open, onClose }: PdfPreviewDialogProps) {
  const { t } = useTranslation();
  const url = sheetPdfUrl(sheetId, 'preview');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      centered
      width="min(1120px, 94vw)"
      title={
        <Space wrap>
          <span>{t('contactsheets:pdf.previewTitle', { title })}</span>
          <a href={url} target="_blank" rel="noopener noreferrer" data-testid="sheet-pdf-tab">
            <ExportOutlined aria-hidden /> {t('contactsheets:pdf.newTab')}
          </a>
        </Space>
      }
      className="sheet-pdf-dialog"
      data-testid="sheet-pdf-dialog"
    >
      {open ? (
        <div className="file-preview">
          <PdfViewer src={url} />
        </div>
      ) : null}
    </Modal>
  );
}
