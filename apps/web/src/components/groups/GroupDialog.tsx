import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

interface GroupDialogProps {
  /** The i18n namespace holding the `groups.*` texts (workflow, forms). */
  ns: string;
  maxLength: number;
  open: boolean;
  title: string;
  initialName?: string;
  pending: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** Names a new group or subgroup, or renames one (the server refuses a name taken among siblings: 409). */
export function GroupDialog({
  ns,
  maxLength,
  open,
  title,
  initialName = '',
  pending,
  onSubmit,
  onCancel,
}: GroupDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  return (
    <Modal
      open={open}
      title={title}
      destroyOnHidden
      okButtonProps={{ loading: pending, ...({ 'data-testid': 'group-dialog-ok' } as object) }}
      onOk={() => form.submit()}
      onCancel={onCancel}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: initialName }}
        onFinish={(values) => onSubmit(values.name.trim())}
      >
        <Form.Item
          name="name"
          label={t(`${ns}:groups.nameLabel`)}
          rules={[{ required: true, whitespace: true, message: t(`${ns}:groups.nameRequired`) }]}
        >
          <Input maxLength={maxLength} autoFocus data-testid="group-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
