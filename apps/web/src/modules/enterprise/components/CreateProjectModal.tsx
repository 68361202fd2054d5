import { PROJECT_SHORT_NAME_MAX_LENGTH } from '@lintel/contracts/account';
import { type Circle, type OptionItem, ORG_NAME_MAX_LENGTH, type ProjectCreate } from '@lintel/contracts/org';
import { Alert, App, Col, Form, Input, Modal, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';
import { errorMessage } from '../../../lib/errors';
import { useCreateProject, useProjectOptions } from '../api';

type Values = {
  name: string;
  shortName?: string;
  circleId?: string;
  status?: string;
  projectType?: string;
  level?: string;
  classification?: string;
  investmentBody?: string;
  contractingMode?: string;
  plannedStartDate?: string;
  completionDate?: string;
  location?: string;
  ownerUnit?: string;
  constructionUnit?: string;
  designUnit?: string;
  supervisionUnit?: string;
};

const SELECTS = [
  ['status', 'statuses'],
  ['projectType', 'types'],
  ['level', 'levels'],
  ['classification', 'classifications'],
  ['investmentBody', 'investmentBodies'],
  ['contractingMode', 'contractingModes'],
] as const;
const TEXTS = ['location', 'ownerUnit', 'constructionUnit', 'designUnit', 'supervisionUnit'] as const;
const DATES = ['plannedStartDate', 'completionDate'] as const;

/**
 * POST projects?initial=true: the main project-information fields (only the name is required), the option
 * lists from GET projects_types / projects_scopes. The rest is edited later in the project settings.
 */
export function CreateProjectModal({
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
  const language = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const options = useProjectOptions(open);
  const create = useCreateProject();
  const label = (item: OptionItem) => (language === 'en-US' ? item.nameEn || item.name : item.name);
  const list = (name: (typeof SELECTS)[number][1]) =>
    (name === 'types' ? options.data?.types : options.data?.scopes[name]) ?? [];

  const submit = async () => {
    const values = await form.validateFields();
    const body: Record<string, unknown> = { enterpriseId };
    for (const [key, value] of Object.entries(values)) {
      const clean = typeof value === 'string' ? value.trim() : value;
      if (clean !== undefined && clean !== null && clean !== '') body[key] = clean;
    }
    try {
      await create.mutateAsync(body as ProjectCreate);
      void message.success(t('enterprise:create.projectDone'));
      form.resetFields();
      onClose();
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };

  return (
    <Modal
      open={open}
      width={720}
      title={t('enterprise:create.projectTitle')}
      okText={t('enterprise:create.submit')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'create-project-submit' } as Record<string, string>}
      destroyOnHidden
    >
      {options.isError ? (
        <Alert type="warning" showIcon message={t('enterprise:create.optionsError')} />
      ) : null}
      <Form form={form} layout="vertical" initialValues={{ status: 'preparation' }}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label={t('enterprise:field.projectName')}
              rules={[{ required: true, whitespace: true, message: t('enterprise:rule.nameRequired') }]}
            >
              <Input autoFocus maxLength={ORG_NAME_MAX_LENGTH} data-testid="create-project-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="shortName"
              label={t('enterprise:field.shortName')}
              rules={[
                {
                  max: PROJECT_SHORT_NAME_MAX_LENGTH,
                  message: t('enterprise:rule.shortNameTooLong', { max: PROJECT_SHORT_NAME_MAX_LENGTH }),
                },
              ]}
            >
              <Input data-testid="create-project-short-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="circleId" label={t('enterprise:field.circle')}>
              <Select
                allowClear
                placeholder={t('enterprise:create.noCircle')}
                options={circles.map((c) => ({ value: c._id, label: c.name }))}
                data-testid="create-project-circle"
              />
            </Form.Item>
          </Col>
          {SELECTS.map(([field, source]) => (
            <Col xs={24} sm={12} key={field}>
              <Form.Item name={field} label={t(`enterprise:field.${field}`)}>
                <Select
                  allowClear={field !== 'status'}
                  loading={options.isPending}
                  options={list(source).map((item) => ({ value: item.key, label: label(item) }))}
                  data-testid={`create-project-${field}`}
                />
              </Form.Item>
            </Col>
          ))}
          {DATES.map((field) => (
            <Col xs={24} sm={12} key={field}>
              <Form.Item name={field} label={t(`enterprise:field.${field}`)}>
                <Input type="date" data-testid={`create-project-${field}`} />
              </Form.Item>
            </Col>
          ))}
          {TEXTS.map((field) => (
            <Col xs={24} sm={12} key={field}>
              <Form.Item name={field} label={t(`enterprise:field.${field}`)}>
                <Input maxLength={200} data-testid={`create-project-${field}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}
