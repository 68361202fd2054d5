import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface NameDialogProps {
  open: boolean;
  title: string;
  label: string;
  initial?: string;
  max: number;
  busy?: boolean;
  /** The server's refusal (a taken name …), shown under the field. */
  error?: string | null;
  testId: string;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** A small dialog asking for one name (create / rename), with the required and length rules. */
export function NameDialog({
  open,
  title,
  label,
  initial = '',
  max,
  busy,
  error,
  testId,
  onSubmit,
  onCancel,
}: NameDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: initial });
  }, [open, initial, form]);
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okButtonProps={{ ...({ 'data-testid': `${testId}-ok` } as object) }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => onSubmit(values.name.trim())}>
        <Form.Item
          name="name"
          label={label}
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('projectSettings:common.nameRequired', { label }),
            },
            { max, message: t('projectSettings:common.nameTooLong', { label, max }) },
          ]}
        >
          <Input autoFocus data-testid={`${testId}-name`} count={{ show: true, max }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
