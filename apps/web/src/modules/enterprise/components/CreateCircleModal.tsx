import { type Circle, ORG_NAME_MAX_LENGTH } from '@lintel/contracts/org';
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { useCreateCircle } from '../api';

/** POST circles {name, enterpriseId, parentId?}: the parent must be a top-level circle (two levels). */
export function CreateCircleModal({
  open,
  enterpriseId,
  circles,
  onClose,
}: {
  open: boolean;
  enterpriseId: string;
  circles: readonly Circle[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; parentId?: string }>();
  const create = useCreateCircle();
  const submit = async () => {
    const values = await form.validateFields();
    try {
      await create.mutateAsync({
        name: values.name.trim(),
        enterpriseId,
        ...(values.parentId ? { parentId: values.parentId } : {}),
      });
      void message.success(t('enterprise:create.circleDone'));
      form.resetFields();
      onClose();
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };
  return (
    <Modal
      open={open}
      title={t('enterprise:create.circleTitle')}
      okText={t('enterprise:create.submit')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'create-circle-submit' } as Record<string, string>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t('enterprise:field.circleName')}
          rules={[{ required: true, whitespace: true, message: t('enterprise:rule.nameRequired') }]}
        >
          <Input autoFocus maxLength={ORG_NAME_MAX_LENGTH} data-testid="create-circle-name" />
        </Form.Item>
        <Form.Item name="parentId" label={t('enterprise:field.parentCircle')}>
          <Select
            allowClear
            placeholder={t('enterprise:create.noParent')}
            options={circles.filter((c) => !c.parentId).map((c) => ({ value: c._id, label: c.name }))}
            data-testid="create-circle-parent"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
