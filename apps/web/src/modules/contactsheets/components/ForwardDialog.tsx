import type { ContactSheet } from '@lintel/contracts/contactsheets';
import { CONTACT_SHEET_REMARK_MAX_LENGTH } from '@lintel/contracts/contactsheets';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberSelect } from '../../../components/project/MemberSelect';
import { errorMessage } from '../../../lib/errors';
import { useForwardContactSheet } from '../api';

interface ForwardValues {
  receivers: string[];
  cc: string[];
  remark: string;
}

/** Adds people to the sheet (POST contactsheets/{id}/forward): members not yet on it, never the sender. */
export function ForwardDialog({
  projectId,
  sheet,
  open,
  onClose,
  onDone,
}: {
  projectId: string;
  sheet: ContactSheet;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ForwardValues>();
  const forward = useForwardContactSheet(projectId);
  const [failure, setFailure] = useState<string | null>(null);
  const receivers = Form.useWatch('receivers', form) ?? [];
  const onSheet = [sheet.senderId, ...sheet.receivers, ...sheet.cc];

  const submit = async (values: ForwardValues) => {
    setFailure(null);
    try {
      const remark = values.remark?.trim();
      await forward.mutateAsync({
        id: sheet._id,
        body: { receivers: values.receivers, cc: values.cc ?? [], ...(remark ? { remark } : {}) },
      });
      form.resetFields();
      onDone();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <Modal
      open={open}
      title={t('contactsheets:forward.title')}
      okText={t('contactsheets:forward.submit')}
      cancelText={t('contactsheets:form.cancel')}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        setFailure(null);
        onClose();
      }}
      confirmLoading={forward.isPending}
      okButtonProps={{ ...({ 'data-testid': 'sheet-forward-submit' } as object) }}
      data-testid="sheet-forward-dialog"
    >
      <Form<ForwardValues>
        form={form}
        layout="vertical"
        initialValues={{ receivers: [], cc: [], remark: '' }}
        onFinish={submit}
      >
        <Form.Item
          name="receivers"
          label={t('contactsheets:forward.receivers')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('contactsheets:form.receiversRequired') },
          ]}
        >
          <MemberSelect
            projectId={projectId}
            unavailable={onSheet}
            placeholder={t('contactsheets:form.receiversPlaceholder')}
            ariaLabel={t('contactsheets:forward.receivers')}
            testId="sheet-forward-receivers"
          />
        </Form.Item>
        <Form.Item name="cc" label={t('contactsheets:form.cc')}>
          <MemberSelect
            projectId={projectId}
            unavailable={[...onSheet, ...receivers]}
            placeholder={t('contactsheets:form.ccPlaceholder')}
            ariaLabel={t('contactsheets:form.cc')}
            testId="sheet-forward-cc"
          />
        </Form.Item>
        <Form.Item name="remark" label={t('contactsheets:forward.remark')}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={CONTACT_SHEET_REMARK_MAX_LENGTH}
            showCount
          />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon message={failure} data-testid="sheet-forward-failure" /> : null}
    </Modal>
  );
}
