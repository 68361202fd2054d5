import { WORKFLOW_GROUP_NAME_MAX_LENGTH } from '@lintel/contracts/workflow';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

interface GroupDialogProps {
  open: boolean;
  title: string;
  initialName?: string;
  pending: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** Names a new group or subgroup, or renames one (the server refuses a name taken among siblings: 409). */
export function GroupDialog({
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
          label={t('workflow:groups.nameLabel')}
          rules={[{ required: true, whitespace: true, message: t('workflow:groups.nameRequired') }]}
        >
          <Input maxLength={WORKFLOW_GROUP_NAME_MAX_LENGTH} autoFocus data-testid="group-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
