import '../locales';
import { ORG_NAME_MAX_LENGTH } from '@lintel/contracts/org';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { useCreateEnterprise } from '../api';

/** POST enterprises {name}: the creator becomes its administrator. */
export function CreateEnterpriseModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateEnterprise();
  const submit = async () => {
    const { name } = await form.validateFields();
    try {
      const enterprise = await create.mutateAsync({ name: name.trim() });
      void message.success(t('enterprise:create.enterpriseDone'));
      form.resetFields();
      onClose();
      onCreated?.(enterprise._id);
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };
  return (
    <Modal
      open={open}
      title={t('enterprise:create.enterpriseTitle')}
      okText={t('enterprise:create.submit')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'create-enterprise-submit' } as Record<string, string>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={() => void submit().catch(() => undefined)}>
        <Form.Item
          name="name"
          label={t('enterprise:field.enterpriseName')}
          rules={[
            { required: true, whitespace: true, message: t('enterprise:rule.nameRequired') },
            {
              max: ORG_NAME_MAX_LENGTH,
              message: t('enterprise:rule.nameTooLong', { max: ORG_NAME_MAX_LENGTH }),
            },
          ]}
        >
          <Input autoFocus data-testid="create-enterprise-name" maxLength={ORG_NAME_MAX_LENGTH} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
