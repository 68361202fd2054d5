import {
  FORM_TEMPLATE_DESCRIPTION_MAX_LENGTH,
  FORM_TEMPLATE_NAME_MAX_LENGTH,
  type FormTemplate,
  type FormTemplateKind,
} from '@lintel/contracts/forms';
import { FIELD_ACCESS, type FieldAccess } from '@lintel/contracts/workflow';
import { Form, Input, Modal, Radio, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberSelect } from '../../../components/project/MemberSelect';
import { type FormTemplateSettings, usePublishedWorkflows, useWorkflowForAccess } from '../templatesApi';

interface Values {
  name: string;
  description: string;
  kind: FormTemplateKind;
  workflowTemplateId: string | null;
  settlers: string[];
}

interface Props {
  projectId: string;
  template: FormTemplate;
  revision: number;
  open: boolean;
  pending: boolean;
  onSubmit: (settings: FormTemplateSettings) => void;
  onCancel: () => void;
}

/**
 * A template's settings beside its fields: name, kind, workflow, settlers, description, and the field
 * access per approval node of the workflow's published version (unset: the node's own rule applies).
 */
export function TemplateSettingsDialog({
  projectId,
  template,
  revision,
  open,
  pending,
  onSubmit,
  onCancel,
}: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? template.kind;
  const workflowId = Form.useWatch('workflowTemplateId', form) ?? null;
  const [access, setAccess] = useState<FormTemplate['fieldAccess']>(template.fieldAccess);
  const workflows = usePublishedWorkflows(projectId, open);
  const chosen = kind === 'workflow' ? workflowId : null;
  const workflow = useWorkflowForAccess(open ? chosen : null);
  const graph = workflow.data?.published?.graph;
  const nodes = (graph?.nodes ?? []).filter((node) => node.kind === 'approval');
  const fields = template.fields.filter((field) => field.kind !== 'description');

  const setCell = (nodeId: string, key: string, value: FieldAccess | undefined) =>
    setAccess((current) => {
      const node = { ...(current[nodeId] ?? {}) };
      if (value) node[key] = value;
      else delete node[key];
      return { ...current, [nodeId]: node };
    });

  return (
    <Modal
      open={open}
      width={860}
      title={t('forms:settings.title')}
      destroyOnHidden
      okText={t('forms:settings.save')}
      okButtonProps={{ loading: pending, ...({ 'data-testid': 'settings-ok' } as object) }}
      onOk={() => form.submit()}
      onCancel={onCancel}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          name: template.name,
          description: template.description,
          kind: template.kind,
          workflowTemplateId: template.workflowTemplateId,
          settlers: template.settlers,
        }}
        onFinish={(values) => {
          const onWorkflow = values.kind === 'workflow' ? values.workflowTemplateId : null;
          const nodeIds = new Set(nodes.map((node) => node.id));
          // Only nodes of the chosen workflow's published version, no empty entries (the server checks
          // the node ids); while that version is still loading, an unchanged workflow keeps what it had.
          const keep = ([nodeId, keys]: [string, Record<string, FieldAccess>]) =>
            Object.keys(keys).length > 0 &&
            (graph ? nodeIds.has(nodeId) : onWorkflow !== null && onWorkflow === template.workflowTemplateId);
          const fieldAccess = Object.fromEntries(Object.entries(access).filter(keep));
          onSubmit({
            revision,
            name: values.name.trim(),
            description: (values.description ?? '').trim(),
            kind: values.kind,
            workflowTemplateId: onWorkflow,
            settlers: values.settlers ?? [],
            fieldAccess,
          });
        }}
      >
        <Form.Item
          name="name"
          label={t('forms:create.name')}
          rules={[{ required: true, whitespace: true, message: t('forms:create.nameRequired') }]}
        >
          <Input maxLength={FORM_TEMPLATE_NAME_MAX_LENGTH} data-testid="settings-name" />
        </Form.Item>
        <Form.Item name="kind" label={t('forms:create.kind')}>
          <Radio.Group
            options={[
              { value: 'workflow', label: t('forms:templateKinds.workflow') },
              { value: 'plain', label: t('forms:templateKinds.plain') },
            ]}
          />
        </Form.Item>
        {kind === 'workflow' ? (
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
              data-testid="settings-workflow"
            />
          </Form.Item>
        ) : null}
        <Form.Item
          name="settlers"
          label={t('forms:settings.settlers')}
          extra={t('forms:settings.settlersHint')}
        >
          <MemberSelect
            projectId={projectId}
            placeholder={t('forms:settings.settlersPlaceholder')}
            testId="settings-settlers"
          />
        </Form.Item>
        <Form.Item name="description" label={t('forms:create.description')}>
          <Input.TextArea
            maxLength={FORM_TEMPLATE_DESCRIPTION_MAX_LENGTH}
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Form.Item>
      </Form>
      {kind === 'workflow' && nodes.length > 0 && fields.length > 0 ? (
        <>
          <Typography.Title level={5}>{t('forms:settings.access')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('forms:settings.accessHint')}</Typography.Paragraph>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={fields}
            data-testid="settings-access"
            columns={[
              {
                key: 'field',
                title: t('forms:settings.field'),
                render: (_, field) => field.title,
                fixed: 'left',
              },
              ...nodes.map((node) => ({
                key: node.id,
                title: node.name,
                render: (_: unknown, field: (typeof fields)[number]) => (
                  <Select<FieldAccess | ''>
                    size="small"
                    style={{ minWidth: 110 }}
                    value={access[node.id]?.[field.key] ?? ''}
                    onChange={(value) => setCell(node.id, field.key, value || undefined)}
                    aria-label={t('forms:settings.cell', { field: field.title, node: node.name })}
                    options={[
                      { value: '', label: t('forms:settings.levels.default') },
                      ...FIELD_ACCESS.map((level) => ({
                        value: level,
                        label: t(`forms:settings.levels.${level}`),
                      })),
                    ]}
                    data-testid={`access-${node.id}-${field.key}`}
                  />
                ),
              })),
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
