import { Alert, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { showFieldErrors } from '../../../lib/fieldErrors';

const NAME_MAX = 50;

/** Names a new gate device or renames one; `initial` null: closed. */
export function NameDialog({
  title,
  initial,
  onSave,
  onClose,
}: {
  title: string;
  initial: string | null;
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (initial === null) return;
    setFailure(null);
    form.setFieldsValue({ name: initial });
  }, [initial, form]);

  const submit = async ({ name }: { name: string }) => {
    setSaving(true);
    setFailure(null);
    try {
      await onSave(name.trim());
    } catch (error) {
      if (!showFieldErrors(form, error, ['name'])) setFailure(errorMessage(error, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={initial !== null}
      title={title}
      okText={t('attendance:action.save')}
      cancelText={t('attendance:action.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ ...({ 'data-testid': 'device-name-submit' } as object) }}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('attendance:devices.name')}
          rules={[{ required: true, whitespace: true, message: t('attendance:devices.nameRequired') }]}
        >
          <Input maxLength={NAME_MAX} autoFocus data-testid="device-name" />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon message={failure} data-testid="device-name-failure" /> : null}
    </Modal>
  );
}
