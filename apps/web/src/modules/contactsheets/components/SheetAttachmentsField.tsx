import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { CONTACT_SHEET_ATTACHMENTS_MAX } from '@lintel/contracts/contactsheets';
import { Button, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../components/file-preview/formatSize';
import { AttachmentsField } from '../../../components/project/AttachmentsField';
import type { SheetAttachments } from '../formValues';

interface SheetAttachmentsFieldProps {
  projectId: string;
  id?: string;
  value?: SheetAttachments;
  onChange?: (value: SheetAttachments) => void;
}

/**
 * The sheet's files: those it already has (edit: taking one off only unlinks it, the stored file stays,
 * for it may still be in the circulation record) and new ones, uploaded at once into the project's files
 * by the shared field (which deletes an upload taken off again).
 */
export function SheetAttachmentsField({
  projectId,
  id,
  value = { kept: [], added: [] },
  onChange,
}: SheetAttachmentsFieldProps) {
  const { t } = useTranslation();
  // Uploads report back after later renders: they change the latest value, never an old one.
  const latest = useRef(value);
  latest.current = value;
  return (
    <div className="sheet-attachments">
      {value.kept.length > 0 ? (
        <ul className="sheet-attachments__kept" data-testid="sheet-kept-attachments">
          {value.kept.map((file) => (
            <li key={file._id} className="sheet-attachments__item">
              <PaperClipOutlined aria-hidden />
              <span className="sheet-attachments__name">{file.name}</span>
              <Typography.Text type="secondary">{formatSize(file.size)}</Typography.Text>
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('contactsheets:form.removeAttachment', { name: file.name })}
                onClick={() =>
                  onChange?.({ ...value, kept: value.kept.filter((other) => other._id !== file._id) })
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
      <AttachmentsField
        projectId={projectId}
        max={CONTACT_SHEET_ATTACHMENTS_MAX}
        id={id}
        value={value.added}
        onChange={(added) => onChange?.({ ...latest.current, added })}
      />
    </div>
  );
}
