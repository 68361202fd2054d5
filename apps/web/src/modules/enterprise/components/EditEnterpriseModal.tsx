import {
  ENTERPRISE_SHORT_NAME_MAX_LENGTH,
  type Enterprise,
  enterpriseUpdateSchema,
} from '@lintel/contracts/org';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { useUpdateEnterprise } from '../api';
import { schemaRule } from '../schemaRule';
import { OrgNameItem } from './OrgNameItem';

interface Values {
  name: string;
  shortName: string;
}

/**
 * PUT enterprises/{id} {name, shortName}: what an enterprise's administrators may change of it (capacity
 * and plan are the system administrators'). Both fields are checked with the contracts' schema.
 */
export function EditEnterpriseModal({
  open,
  enterprise,
  onClose,
}: {
  open: boolean;
  enterprise: Enterprise;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdateEnterprise(enterprise._id);

  const submit = async () => {
    const values = await form.validateFields();
    // The schema trims: what is sent is what the server stores.
    const parsed = enterpriseUpdateSchema.safeParse(values);
    if (!parsed.success) return;
    try {
      await update.mutateAsync(parsed.data);
      void message.success(t('enterprise:edit.enterpriseDone'));
      onClose();
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };
  const onEnter = () => void submit().catch(() => undefined);

  return (
    <Modal
      open={open}
      title={t('enterprise:edit.enterpriseTitle')}
      okText={t('enterprise:edit.save')}
      onOk={onEnter}
      onCancel={onClose}
      confirmLoading={update.isPending}
      okButtonProps={{ 'data-testid': 'edit-enterprise-submit' } as Record<string, string>}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        // The dialog is destroyed when hidden; without this the outside form instance keeps old values.
        preserve={false}
        initialValues={{ name: enterprise.name, shortName: enterprise.shortName }}
      >
        <OrgNameItem
          schema={enterpriseUpdateSchema.shape.name}
          label={t('enterprise:field.enterpriseName')}
          testId="edit-enterprise-name"
          onEnter={onEnter}
        />
        <Form.Item
          name="shortName"
          label={t('enterprise:info.shortName')}
          rules={[
            schemaRule(enterpriseUpdateSchema.shape.shortName, () =>
              t('enterprise:rule.enterpriseShortNameTooLong', { max: ENTERPRISE_SHORT_NAME_MAX_LENGTH }),
            ),
          ]}
        >
          <Input
            count={{ show: true, max: ENTERPRISE_SHORT_NAME_MAX_LENGTH }}
            onPressEnter={onEnter}
            data-testid="edit-enterprise-short-name"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
