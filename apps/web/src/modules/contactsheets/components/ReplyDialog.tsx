import {
  CONTACT_SHEET_ATTACHMENTS_MAX,
  CONTACT_SHEET_REPLY_MAX_LENGTH,
} from '@lintel/contracts/contactsheets';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AttachmentItem,
  AttachmentsField,
  uploadsFailed,
  uploadsPending,
} from '../../../components/project/AttachmentsField';
import { errorMessage } from '../../../lib/errors';
import { discardUpload } from '../../../lib/projectFiles';
import { useReplyContactSheet } from '../api';

interface ReplyValues {
  content: string;
  attachments: AttachmentItem[];
}

/** A receiver's reply: text and files (POST contactsheets/{id}/replies); it closes their to-do. */
export function ReplyDialog({
  projectId,
  sheetId,
  open,
  onClose,
  onDone,
}: {
  projectId: string;
  sheetId: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReplyValues>();
  const reply = useReplyContactSheet(projectId);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: ReplyValues) => {
    setFailure(null);
    const attachments = values.attachments ?? [];
    if (uploadsPending(attachments)) return setFailure(t('contactsheets:form.uploading'));
    if (uploadsFailed(attachments)) return setFailure(t('contactsheets:form.uploadFailed'));
    try {
      await reply.mutateAsync({
        id: sheetId,
        body: {
          content: values.content,
          attachments: attachments.flatMap((item) => (item.fileId ? [item.fileId] : [])),
        },
      });
      form.resetFields();
      onDone();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  const cancel = () => {
    // Files uploaded for a reply that is not sent would take the project's storage for nothing.
    for (const item of (form.getFieldValue('attachments') ?? []) as AttachmentItem[])
      if (item.fileId) void discardUpload(item.fileId).catch(() => undefined);
    form.resetFields();
    setFailure(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('contactsheets:reply.title')}
      okText={t('contactsheets:reply.submit')}
      cancelText={t('contactsheets:form.cancel')}
      onOk={() => form.submit()}
      onCancel={cancel}
      confirmLoading={reply.isPending}
      okButtonProps={{ ...({ 'data-testid': 'sheet-reply-submit' } as object) }}
      data-testid="sheet-reply-dialog"
    >
      <Form<ReplyValues>
        form={form}
        layout="vertical"
        initialValues={{ content: '', attachments: [] }}
        onFinish={submit}
      >
        <Form.Item
          name="content"
          label={t('contactsheets:reply.content')}
          rules={[{ required: true, whitespace: true, message: t('contactsheets:reply.contentRequired') }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 4, maxRows: 12 }}
            showCount
            maxLength={CONTACT_SHEET_REPLY_MAX_LENGTH}
            data-testid="sheet-reply-input"
          />
        </Form.Item>
        <Form.Item name="attachments" label={t('contactsheets:form.attachments')}>
          <AttachmentsField projectId={projectId} max={CONTACT_SHEET_ATTACHMENTS_MAX} />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon message={failure} data-testid="sheet-reply-failure" /> : null}
    </Modal>
  );
}
