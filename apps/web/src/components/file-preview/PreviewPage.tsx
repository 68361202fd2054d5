import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FilePreview } from './FilePreview';
import { FileErrorState } from './PreviewStates';

const FILE_ID = /^[0-9a-f]{24}$/;

/** /preview/:fileId: a stored file on a page of its own (a link another screen or a notification gives). */
export default function PreviewPage() {
  const { t } = useTranslation();
  const { fileId = '' } = useParams();
  return (
    <div className="page preview-page" data-testid="preview-page">
      {/* An id that cannot exist is a "file error" at once, without asking the server. */}
      {FILE_ID.test(fileId) ? (
        <FilePreview key={fileId} fileId={fileId} headingLevel={1} />
      ) : (
        <FileErrorState description={t('preview:error.notFound')} />
      )}
    </div>
  );
}
