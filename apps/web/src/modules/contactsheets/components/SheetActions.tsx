import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FilePdfOutlined,
  MessageOutlined,
  RollbackOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { type ContactSheet, contactSheetFileName } from '@lintel/contracts/contactsheets';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { errorMessage } from '../../../lib/errors';
import { lazyComponent } from '../../../lib/lazyComponent';
import { sheetPdfUrl, useDeleteContactSheets, useRecallContactSheet } from '../api';
import { contactSheetsPath, editContactSheetPath } from '../paths';

// The reply, forward and PDF preview dialogs load when one is first opened.
const ReplyDialog = lazyComponent(() => import('./ReplyDialog').then((module) => module.ReplyDialog), {
  when: (props) => props.open,
});
const ForwardDialog = lazyComponent(() => import('./ForwardDialog').then((module) => module.ForwardDialog), {
  when: (props) => props.open,
});
const PdfPreviewDialog = lazyComponent(
  () => import('./PdfPreviewDialog').then((module) => module.PdfPreviewDialog),
  { when: (props) => props.open },
);

/**
 * What the user may do with the sheet, as the server says (`can*`): a receiver replies and forwards; the
 * sender recalls (until a receiver replied), edits (until someone read it, or once recalled) and deletes;
 * everyone who sees it previews the PDF, and downloads it with the export right.
 */
export function SheetActions({ projectId, sheet }: { projectId: string; sheet: ContactSheet }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const recall = useRecallContactSheet(projectId);
  const remove = useDeleteContactSheets(projectId);
  const [dialog, setDialog] = useState<'reply' | 'forward' | 'pdf' | null>(null);
  const close = () => setDialog(null);

  const doRecall = async () => {
    try {
      await recall.mutateAsync(sheet._id);
      void message.success(t('contactsheets:done.recalled'));
    } catch (error) {
      // After a reply the server refuses (409) and says why.
      void message.error(errorMessage(error, t));
    }
  };
  const doDelete = async () => {
    try {
      await remove.mutateAsync([sheet._id]);
      void message.success(t('contactsheets:done.deleted', { count: 1 }));
      void navigate(contactSheetsPath(projectId));
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };

  return (
    <Space wrap data-testid="sheet-actions">
      {sheet.canReply ? (
        <Button
          type="primary"
          icon={<MessageOutlined />}
          onClick={() => setDialog('reply')}
          data-testid="sheet-reply"
        >
          {t('contactsheets:action.reply')}
        </Button>
      ) : null}
      {sheet.canForward ? (
        <Button icon={<ShareAltOutlined />} onClick={() => setDialog('forward')} data-testid="sheet-forward">
          {t('contactsheets:action.forward')}
        </Button>
      ) : null}
      {sheet.canEdit ? (
        <Button
          icon={<EditOutlined />}
          onClick={() => void navigate(editContactSheetPath(projectId, sheet._id))}
          data-testid="sheet-edit"
        >
          {t('contactsheets:action.edit')}
        </Button>
      ) : null}
      {sheet.canRecall ? (
        <ConfirmDanger
          title={t('contactsheets:confirm.recallTitle')}
          description={t('contactsheets:confirm.recallDescription')}
          okText={t('contactsheets:action.recall')}
          okTestId="sheet-recall-ok"
          onConfirm={doRecall}
        >
          <Button icon={<RollbackOutlined />} loading={recall.isPending} data-testid="sheet-recall">
            {t('contactsheets:action.recall')}
          </Button>
        </ConfirmDanger>
      ) : null}
      {sheet.canDelete ? (
        <ConfirmDanger
          title={t('contactsheets:confirm.deleteTitle')}
          description={t('contactsheets:confirm.deleteDescription')}
          okTestId="sheet-delete-ok"
          onConfirm={doDelete}
        >
          <Button danger icon={<DeleteOutlined />} loading={remove.isPending} data-testid="sheet-delete">
            {t('contactsheets:action.delete')}
          </Button>
        </ConfirmDanger>
      ) : null}
      <Button icon={<FilePdfOutlined />} onClick={() => setDialog('pdf')} data-testid="sheet-pdf-preview">
        {t('contactsheets:action.previewPdf')}
      </Button>
      {sheet.canDownload ? (
        <Button
          icon={<DownloadOutlined />}
          href={sheetPdfUrl(sheet._id, 'download')}
          download={contactSheetFileName(sheet.number, sheet.title)}
          data-testid="sheet-pdf-download"
        >
          {t('contactsheets:action.downloadPdf')}
        </Button>
      ) : null}
      {sheet.canReply ? (
        <ReplyDialog
          projectId={projectId}
          sheetId={sheet._id}
          open={dialog === 'reply'}
          onClose={close}
          onDone={() => {
            close();
            void message.success(t('contactsheets:done.replied'));
          }}
        />
      ) : null}
      {sheet.canForward ? (
        <ForwardDialog
          projectId={projectId}
          sheet={sheet}
          open={dialog === 'forward'}
          onClose={close}
          onDone={() => {
            close();
            void message.success(t('contactsheets:done.forwarded'));
          }}
        />
      ) : null}
      <PdfPreviewDialog sheetId={sheet._id} title={sheet.title} open={dialog === 'pdf'} onClose={close} />
    </Space>
  );
}
