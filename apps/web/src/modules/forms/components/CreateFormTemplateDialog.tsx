import {
  FORM_TEMPLATE_DESCRIPTION_MAX_LENGTH,
  FORM_TEMPLATE_NAME_MAX_LENGTH,
  type FormGroup,
  type FormTemplateKind,
} from '@lintel/contracts/forms';
import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupOptions } from '../../../components/groups/groupTree';
import { errorMessage } from '../../../lib/errors';
import { usePublishedWorkflows } from '../templatesApi';

export interface FormTemplateDetails {
  name: string;
  groupId: string | null;
  kind: FormTemplateKind;
  workflowTemplateId: string | null;
  description: string;
}

interface Values {
  name: string;
  groupId: string | null;
  kind: FormTemplateKind;
  workflowTemplateId?: string | null;
  description?: string;
}

interface Props {
  projectId: string;
  open: boolean;
  groups: FormGroup[];
  initialGroupId: string | null;
  pending: boolean;
  onSubmit: (details: FormTemplateDetails) => void;
  onCancel: () => void;
}

/**
 * Name, group, kind (with or without a workflow: then one of the project's enabled, published workflow
 * templates) and description of a new form template; its fields are added in the designer.
 */
export function CreateFormTemplateDialog({
  projectId,
  open,
  groups,
  initialGroupId,
  pending,
  onSubmit,
  onCancel,
}: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'workflow';
  const workflows = usePublishedWorkflows(projectId, open);
  return (
    <Modal
      open={open}
      title={t('forms:create.title')}
      destroyOnHidden
      okText={t('forms:create.submit')}
      okButtonProps={{ loading: pending, ...({ 'data-testid': 'create-template-ok' } as object) }}
      onOk={() => form.submit()}
      onCancel={onCancel}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ name: '', groupId: initialGroupId, kind: 'workflow', description: '' }}
        onFinish={(values) =>
          onSubmit({
            name: values.name.trim(),
            groupId: values.groupId ?? null,
            kind: values.kind,
            workflowTemplateId: values.kind === 'workflow' ? (values.workflowTemplateId ?? null) : null,
            description: (values.description ?? '').trim(),
          })
        }
      >
        <Form.Item
          name="name"
          label={t('forms:create.name')}
          rules={[{ required: true, whitespace: true, message: t('forms:create.nameRequired') }]}
        >
          <Input maxLength={FORM_TEMPLATE_NAME_MAX_LENGTH} autoFocus data-testid="template-name" />
        </Form.Item>
        <Form.Item name="groupId" label={t('forms:create.group')}>
          <Select
            allowClear
            options={groupOptions(groups)}
            placeholder={t('forms:groups.none')}
            data-testid="template-group"
          />
        </Form.Item>
        <Form.Item name="kind" label={t('forms:create.kind')}>
          <Radio.Group
            options={[
              { value: 'workflow', label: t('forms:templateKinds.workflow') },
              { value: 'plain', label: t('forms:templateKinds.plain') },
            ]}
            data-testid="template-kind"
          />
        </Form.Item>
        {kind === 'workflow' ? (
          <>
            <Form.Item
              name="workflowTemplateId"
              label={t('forms:create.workflow')}
              extra={t('forms:create.workflowHint')}
              rules={[{ required: true, message: t('forms:create.workflowRequired') }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                loading={workflows.isLoading}
                options={(workflows.data ?? []).map((row) => ({ value: row._id, label: row.name }))}
                notFoundContent={workflows.isLoading ? undefined : t('forms:create.noWorkflows')}
                data-testid="template-workflow"
              />
            </Form.Item>
            {workflows.isError ? (
              <Alert type="error" showIcon message={errorMessage(workflows.error, t)} />
            ) : null}
          </>
        ) : null}
        <Form.Item name="description" label={t('forms:create.description')}>
          <Input.TextArea
            maxLength={FORM_TEMPLATE_DESCRIPTION_MAX_LENGTH}
            autoSize={{ minRows: 2, maxRows: 6 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
