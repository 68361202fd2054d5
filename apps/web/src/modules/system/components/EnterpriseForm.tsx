import {
  type AdminEnterprise,
  ENTERPRISE_PLANS,
  type EnterprisePlan,
  isEnterprisePlan,
  PLAN_LIMITS,
  type QuotaField,
  quotaProblem,
} from '@lintel/contracts/enterprise-admin';
import { Alert, Checkbox, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { formatBytes } from '../../../lib/format';
import { conflictCurrent, useCreateEnterprise, useUpdateEnterprise } from './EnterprisesTab.api';
import { planLabel } from './enterprisePlan';

const GIB = 1024 ** 3;

interface FormValues {
  name: string;
  shortName?: string;
  plan: EnterprisePlan;
  accountCapacity: number | null | undefined;
  projectLimit: number | null | undefined;
  spaceCapacity: number | null | undefined;
  admin?: string;
}

/** A quota: a number (in `scale` units on screen, stored as is × scale) or "unlimited" (null). */
function QuotaInput({
  id,
  value,
  onChange,
  scale = 1,
  testId,
}: {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null | undefined) => void;
  scale?: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const unlimited = value === null;
  return (
    <Space wrap>
      <InputNumber
        id={id}
        min={0}
        precision={scale === 1 ? 0 : undefined}
        disabled={unlimited}
        value={value === null || value === undefined ? null : value / scale}
        onChange={(next) => onChange?.(next === null ? undefined : Math.round(Number(next) * scale))}
        data-testid={testId}
        style={{ width: 160 }}
      />
      <Checkbox
        checked={unlimited}
        onChange={(event) => onChange?.(event.target.checked ? null : undefined)}
        data-testid={`${testId}-unlimited`}
      >
        {t('systemEnterprises:form.unlimited')}
      </Checkbox>
    </Space>
  );
}

function valuesOf(e: AdminEnterprise): FormValues {
  return {
    name: e.name,
    shortName: e.shortName,
    plan: isEnterprisePlan(e.paidPlan) ? e.paidPlan : 'enterprise',
    accountCapacity: e.accountCapacity,
    projectLimit: e.projectLimit,
    spaceCapacity: e.spaceCapacity,
  };
}

/**
 * Create (with the first administrator) or edit an enterprise: name, plan and quotas, checked here with the
 * server's own rules (bounds, plan ceilings, not below use). A concurrent edit (409) loads the current
 * values into the form and says so.
 */
export function EnterpriseForm({
  enterprise,
  open,
  onClose,
  onDone,
}: {
  /** null: a new enterprise. */
  enterprise: AdminEnterprise | null;
  open: boolean;
  onClose: () => void;
  /** Saved: `edited` false for a new enterprise. */
  onDone: (edited: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [base, setBase] = useState<AdminEnterprise | null>(enterprise);
  const [conflict, setConflict] = useState(false);
  const create = useCreateEnterprise();
  const update = useUpdateEnterprise(enterprise?._id ?? '');
  const mutation = enterprise ? update : create;
  const editing = enterprise !== null;

  const quotaRule = (field: QuotaField, usage: number | null) => ({
    validator: async (_: unknown, value: number | null | undefined) => {
      if (value === undefined) throw new Error(t('systemEnterprises:form.quotaRequired'));
      const plan = form.getFieldValue('plan') as EnterprisePlan;
      const problem = quotaProblem(plan, field, value);
      if (problem) {
        const limit =
          'limit' in problem
            ? field === 'spaceCapacity'
              ? formatBytes(problem.limit)
              : problem.limit.toLocaleString()
            : '';
        throw new Error(t(`systemEnterprises:quota.${problem.reason}`, { limit }));
      }
      if (usage !== null && value !== null && value < usage) {
        const used = field === 'spaceCapacity' ? formatBytes(usage) : usage.toLocaleString();
        throw new Error(t('systemEnterprises:form.belowUsage', { used }));
      }
    },
  });

  async function submit(values: FormValues) {
    const quotas = {
      accountCapacity: values.accountCapacity ?? null,
      projectLimit: values.projectLimit ?? null,
      spaceCapacity: values.spaceCapacity ?? null,
    };
    setConflict(false);
    try {
      if (base) {
        await update.mutateAsync({
          name: values.name,
          shortName: values.shortName ?? '',
          plan: values.plan,
          ...quotas,
          updatedAt: base.updatedAt,
        });
      } else {
        await create.mutateAsync({
          name: values.name,
          ...(values.shortName ? { shortName: values.shortName } : {}),
          plan: values.plan,
          ...quotas,
          admin: values.admin ?? '',
        });
      }
      onDone(base !== null);
    } catch (error) {
      const current = conflictCurrent(error);
      if (current) {
        setBase(current);
        setConflict(true);
        form.setFieldsValue(valuesOf(current));
      }
    }
  }

  const initialValues: FormValues = enterprise
    ? valuesOf(enterprise)
    : { name: '', plan: 'standard', ...PLAN_LIMITS.standard.defaults };
  const usage = base?.usage;

  return (
    <Modal
      open={open}
      title={t(editing ? 'systemEnterprises:form.editTitle' : 'systemEnterprises:form.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('systemEnterprises:form.save')}
      cancelText={t('systemEnterprises:form.cancel')}
      confirmLoading={mutation.isPending}
      destroyOnHidden
      width="min(560px, calc(100vw - 32px))"
      data-testid="enterprise-form"
    >
      {conflict ? (
        <Alert
          type="warning"
          showIcon
          title={t('systemEnterprises:form.conflict')}
          style={{ marginBottom: 12 }}
          data-testid="enterprise-form-conflict"
        />
      ) : mutation.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorMessage(mutation.error, t)}
          style={{ marginBottom: 12 }}
          data-testid="enterprise-form-error"
        />
      ) : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void submit(values)}
        onValuesChange={(changed: Partial<FormValues>) => {
          if (changed.plan && !editing) form.setFieldsValue(PLAN_LIMITS[changed.plan].defaults);
        }}
      >
        <Form.Item
          name="name"
          label={t('systemEnterprises:form.name')}
          rules={[{ required: true, whitespace: true, message: t('systemEnterprises:form.nameRequired') }]}
        >
          <Input maxLength={100} data-testid="enterprise-form-name" />
        </Form.Item>
        <Form.Item name="shortName" label={t('systemEnterprises:form.shortName')}>
          <Input maxLength={30} data-testid="enterprise-form-shortName" />
        </Form.Item>
        <Form.Item
          name="plan"
          label={t('systemEnterprises:form.plan')}
          extra={editing ? undefined : t('systemEnterprises:form.planHint')}
        >
          <Select
            data-testid="enterprise-form-plan"
            options={ENTERPRISE_PLANS.map((plan) => ({ value: plan, label: planLabel(plan, t) }))}
          />
        </Form.Item>
        <Form.Item
          name="accountCapacity"
          label={t('systemEnterprises:form.accounts')}
          dependencies={['plan']}
          rules={[quotaRule('accountCapacity', usage?.accounts ?? null)]}
        >
          <QuotaInput testId="enterprise-form-accounts" />
        </Form.Item>
        <Form.Item
          name="projectLimit"
          label={t('systemEnterprises:form.projects')}
          dependencies={['plan']}
          rules={[quotaRule('projectLimit', usage?.projects ?? null)]}
        >
          <QuotaInput testId="enterprise-form-projects" />
        </Form.Item>
        <Form.Item
          name="spaceCapacity"
          label={t('systemEnterprises:form.storage')}
          dependencies={['plan']}
          rules={[quotaRule('spaceCapacity', usage?.spaceUsed ?? null)]}
        >
          <QuotaInput scale={GIB} testId="enterprise-form-storage" />
        </Form.Item>
        {editing ? null : (
          <Form.Item
            name="admin"
            label={t('systemEnterprises:form.admin')}
            extra={t('systemEnterprises:form.adminHint')}
            rules={[{ required: true, whitespace: true, message: t('systemEnterprises:form.adminRequired') }]}
          >
            <Input maxLength={64} data-testid="enterprise-form-admin" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
