import { validatePhone } from '@lintel/contracts/account';
import { isMembershipInvitation, type MemberView } from '@lintel/contracts/org';
import { Form, Input, Modal, Radio, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineAlert } from '../../../components/InlineAlert';
import { errorMessage } from '../../../lib/errors';
import { useAddMember, useUpdateMember } from '../membersApi';
import { DepartmentSelect } from './DepartmentSelect';
import { RemarkField } from './RemarkField';
import { TemplateSelect } from './TemplateSelect';

interface AddValues {
  by: 'phone' | 'account';
  who: string;
  templateId: string;
  department?: string;
  remark?: string;
}

/** Add a member by phone number or account; a permission template must be chosen (spec 001 §5). */
export function AddMemberDialog({
  projectId,
  open,
  onClose,
  onAdded,
}: {
  projectId: string;
  open: boolean;
  onClose: () => void;
  /** `invited`: the person was invited (not yet of the enterprise) and becomes a member on accepting. */
  onAdded: (invited: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddValues>();
  const add = useAddMember(projectId);
  const [failure, setFailure] = useState<string | null>(null);
  const by = Form.useWatch('by', form) ?? 'phone';

  useEffect(() => {
    if (open) {
      form.resetFields();
      setFailure(null);
    }
  }, [open, form]);

  const submit = async (values: AddValues) => {
    setFailure(null);
    const who = values.who.trim();
    try {
      const result = await add.mutateAsync({
        ...(values.by === 'phone' ? { phoneNumber: who } : { name: who }),
        templateId: values.templateId,
        ...(values.department ? { department: values.department } : {}),
        ...(values.remark?.trim() ? { remark: values.remark.trim() } : {}),
      });
      onAdded(isMembershipInvitation(result));
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <Modal
      open={open}
      title={t('projectSettings:members.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={add.isPending}
      okButtonProps={{ ...({ 'data-testid': 'member-add-ok' } as object) }}
    >
      <Typography.Paragraph type="secondary" data-testid="member-add-hint">
        {t('projectSettings:members.addHint')}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ by: 'phone' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="by" label={t('projectSettings:members.addBy')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'phone', label: t('projectSettings:members.byPhone') },
              { value: 'account', label: t('projectSettings:members.byAccount') },
            ]}
            data-testid="member-add-by"
          />
        </Form.Item>
        <Form.Item
          name="who"
          label={by === 'phone' ? t('projectSettings:members.phone') : t('projectSettings:members.account')}
          rules={[
            {
              required: true,
              whitespace: true,
              message:
                by === 'phone'
                  ? t('projectSettings:members.phoneRequired')
                  : t('projectSettings:members.accountRequired'),
            },
            {
              validator: (_, value: string | undefined) =>
                by === 'phone' && value?.trim() && validatePhone(value.trim())
                  ? Promise.reject(new Error(t('projectSettings:members.phoneInvalid')))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input data-testid="member-add-who" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="templateId"
          label={t('projectSettings:members.template')}
          rules={[{ required: true, message: t('projectSettings:members.templateRequired') }]}
        >
          <TemplateSelect projectId={projectId} testId="member-add-template" preselectDefault />
        </Form.Item>
        <Form.Item name="department" label={t('projectSettings:members.department')}>
          <DepartmentSelect projectId={projectId} testId="member-add-department" />
        </Form.Item>
        <RemarkField label={t('projectSettings:members.remark')} testId="member-add-remark" />
      </Form>
      {failure ? <InlineAlert type="error" message={failure} testId="member-add-error" /> : null}
    </Modal>
  );
}

interface EditValues {
  department: string;
  remark: string;
  templateId: string | null;
  vip: boolean;
  phoneSecret: boolean;
  businessShielding: boolean;
}

/** Edit a member: department, remark (≤ 150), template, vip, phone secrecy, business shielding. */
export function EditMemberDialog({
  projectId,
  member,
  onClose,
  onSaved,
}: {
  projectId: string;
  member: MemberView | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateMember(projectId);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!member) return;
    setFailure(null);
    form.setFieldsValue({
      department: member.department,
      remark: member.remark,
      templateId: member.templateId,
      vip: member.vip,
      phoneSecret: member.phoneSecret,
      businessShielding: member.businessShielding,
    });
  }, [member, form]);

  const submit = async (values: EditValues) => {
    if (!member) return;
    setFailure(null);
    try {
      await update.mutateAsync({
        id: member._id,
        department: values.department ?? '',
        remark: (values.remark ?? '').trim(),
        ...(member.role === 'admin' ? {} : { templateId: values.templateId ?? null }),
        vip: values.vip,
        phoneSecret: values.phoneSecret,
        businessShielding: values.businessShielding,
      });
      onSaved();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <Modal
      open={member !== null}
      title={t('projectSettings:members.editTitle', {
        name: member?.user?.nickName || member?.user?.name || '',
      })}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={update.isPending}
      okButtonProps={{ ...({ 'data-testid': 'member-edit-ok' } as object) }}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item name="department" label={t('projectSettings:members.department')}>
          <DepartmentSelect projectId={projectId} testId="member-edit-department" />
        </Form.Item>
        <RemarkField label={t('projectSettings:members.remark')} testId="member-edit-remark" />
        {member?.role === 'admin' ? null : (
          <Form.Item
            name="templateId"
            label={t('projectSettings:members.template')}
            rules={[{ required: true, message: t('projectSettings:members.templateRequired') }]}
          >
            <TemplateSelect projectId={projectId} testId="member-edit-template" />
          </Form.Item>
        )}
        <Form.Item name="vip" label={t('projectSettings:members.vip')} valuePropName="checked">
          <Switch data-testid="member-edit-vip" />
        </Form.Item>
        <Form.Item
          name="phoneSecret"
          label={t('projectSettings:members.phoneSecret')}
          valuePropName="checked"
          extra={t('projectSettings:members.phoneSecretHint')}
        >
          <Switch data-testid="member-edit-phoneSecret" />
        </Form.Item>
        <Form.Item
          name="businessShielding"
          label={t('projectSettings:members.businessShielding')}
          valuePropName="checked"
        >
          <Switch data-testid="member-edit-businessShielding" />
        </Form.Item>
      </Form>
      {failure ? <InlineAlert type="error" message={failure} testId="member-edit-error" /> : null}
    </Modal>
  );
}
