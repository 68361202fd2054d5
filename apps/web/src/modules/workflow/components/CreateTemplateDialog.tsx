import {
  WORKFLOW_DESCRIPTION_MAX_LENGTH,
  WORKFLOW_NAME_MAX_LENGTH,
  type WorkflowGroup,
} from '@lintel/contracts/workflow';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupOptions } from '../../../components/groups/groupTree';

export interface TemplateDetails {
  name: string;
  groupId: string | null;
  description: string;
}

interface Props {
  open: boolean;
  groups: WorkflowGroup[];
  initialGroupId: string | null;
  pending: boolean;
  onSubmit: (details: TemplateDetails) => void;
  onCancel: () => void;
}

/** Name, group and description of a new template; the server starts its draft as start → approval → end. */
export function CreateTemplateDialog({ open, groups, initialGroupId, pending, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; groupId: string | null; description?: string }>();
  return (
    <Modal
      open={open}
      title={t('workflow:create.title')}
      destroyOnHidden
      okText={t('workflow:create.submit')}
      okButtonProps={{ loading: pending, ...({ 'data-testid': 'create-template-ok' } as object) }}
      onOk={() => form.submit()}
      onCancel={onCancel}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: '', groupId: initialGroupId, description: '' }}
        onFinish={(values) =>
          onSubmit({
            name: values.name.trim(),
            groupId: values.groupId ?? null,
            description: (values.description ?? '').trim(),
          })
        }
      >
        <Form.Item
          name="name"
          label={t('workflow:create.name')}
          rules={[{ required: true, whitespace: true, message: t('workflow:create.nameRequired') }]}
        >
          <Input maxLength={WORKFLOW_NAME_MAX_LENGTH} autoFocus data-testid="template-name" />
        </Form.Item>
        <Form.Item name="groupId" label={t('workflow:create.group')}>
          <Select
            allowClear
            options={groupOptions(groups)}
            placeholder={t('workflow:groups.none')}
            data-testid="template-group"
          />
        </Form.Item>
        <Form.Item name="description" label={t('workflow:create.description')}>
          <Input.TextArea maxLength={WORKFLOW_DESCRIPTION_MAX_LENGTH} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
