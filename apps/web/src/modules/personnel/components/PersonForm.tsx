import {
  BLOOD_TYPES,
  PERSONNEL_ATTACHMENTS_MAX,
  PERSONNEL_CERTIFICATES_MAX,
  PERSONNEL_NAME_MAX_LENGTH,
  PERSONNEL_REMARK_MAX_LENGTH,
  PERSONNEL_TEXT_MAX_LENGTH,
  PHONE_PATTERN,
} from '@lintel/contracts/personnel';
import { Button, Col, Divider, Form, type FormInstance, Input, Row, Select, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDatePicker } from '../../../components/LazyDatePicker';
import { AttachmentsField } from '../../../components/project/AttachmentsField';
import type { PersonFormValues } from '../formValues';
import { rulesInOrder } from '../settings/rulesOrder';
import { useSettings } from '../settingsApi';
import { AvatarField } from './AvatarField';
import { EducationField } from './EducationField';
import { IdNumberField } from './IdNumberField';
import { UnitTreeSelect } from './UnitTreeSelect';

interface PersonFormProps {
  form: FormInstance<PersonFormValues>;
  projectId: string;
  initialValues: PersonFormValues;
  submitting: boolean;
  onSubmit: (values: PersonFormValues) => void;
  onCancel: () => void;
  onChange: () => void;
  /**
   * An existing worker whose ID number and phones came masked (issue 17): those values are accepted unchanged
   * (and then not sent back); anything typed instead is checked as usual.
   */
  masked?: { idNumber: string; phone: string; teamPhone: string; age: number } | undefined;
  /** Next to the masked values' hint: "show in full" for a holder of viewSensitive. */
  reveal?: ReactNode;
}

const half = { xs: 24, md: 12 };

/** Every field of a person (spec 001 §3): who they are, where they work, their certificates and training. */
export function PersonForm({
  form,
  projectId,
  initialValues,
  submitting,
  onSubmit,
  onCancel,
  onChange,
  masked,
  reveal,
}: PersonFormProps) {
  const { t } = useTranslation();
  const crafts = useSettings(projectId, 'crafts');
  const rules = useSettings(projectId, 'rules');
  const phoneRule = (keep: string | undefined) => ({
    validator: (_: unknown, value: string | undefined) =>
      !value || value === keep || PHONE_PATTERN.test(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(t('personnel:form.phoneInvalid'))),
  });

  return (
    <Form<PersonFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onSubmit}
      onValuesChange={onChange}
      scrollToFirstError
      className="personnel-form"
      data-testid="person-form"
    >
      <Divider titlePlacement="start">{t('personnel:form.basic')}</Divider>
      {masked ? (
        <Space wrap className="personnel-form__masked">
          <Typography.Text type="secondary" data-testid="person-masked-hint">
            {t('personnel:form.maskedHint')}
          </Typography.Text>
          {reveal}
        </Space>
      ) : null}
      <Form.Item name="avatar" label={t('personnel:field.avatar')}>
        <AvatarField projectId={projectId} />
      </Form.Item>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="name"
            label={t('personnel:field.name')}
            rules={[{ required: true, whitespace: true, message: t('personnel:form.nameRequired') }]}
          >
            <Input maxLength={PERSONNEL_NAME_MAX_LENGTH} data-testid="person-name" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <IdNumberField masked={masked} />
        </Col>
        <Col {...half}>
          <Form.Item name="bloodType" label={t('personnel:field.bloodType')}>
            <Select
              options={BLOOD_TYPES.map((type) => ({ value: type, label: t(`personnel:bloodType.${type}`) }))}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="phone" label={t('personnel:field.phone')} rules={[phoneRule(masked?.phone)]}>
            <Input maxLength={11} inputMode="tel" data-testid="person-phone" />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('personnel:form.work')}</Divider>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="unitId"
            label={t('personnel:field.unit')}
            rules={[{ required: true, message: t('personnel:form.unitRequired') }]}
          >
            <UnitTreeSelect projectId={projectId} data-testid="person-unit" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="craftId" label={t('personnel:field.craft')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={crafts.isPending}
              options={(crafts.data ?? []).map((craft) => ({ value: craft._id, label: craft.name }))}
              data-testid="person-craft"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="team" label={t('personnel:field.team')}>
            <Input maxLength={PERSONNEL_TEXT_MAX_LENGTH} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="teamContact" label={t('personnel:field.contact')}>
            <Input maxLength={PERSONNEL_NAME_MAX_LENGTH} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="teamPhone"
            label={t('personnel:field.contactPhone')}
            rules={[phoneRule(masked?.teamPhone)]}
          >
            <Input maxLength={11} inputMode="tel" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="ruleId" label={t('personnel:field.rule')}>
            <Select
              allowClear
              placeholder={t('personnel:form.rulePlaceholder')}
              loading={rules.isPending}
              options={rulesInOrder(rules.data ?? []).map((rule) => ({
                value: rule._id,
                label: t('personnel:form.ruleOption', { name: rule.name, hours: rule.hours }),
              }))}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="entryDate"
            label={t('personnel:field.entryDate')}
            rules={[{ required: true, message: t('personnel:form.entryRequired') }]}
          >
            <LazyDatePicker className="personnel-form__date" data-testid="person-entry-date" />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('personnel:form.records')}</Divider>
      <Form.Item
        name="certificates"
        label={t('personnel:field.certificates')}
        extra={t('personnel:form.certificatesHint', { max: PERSONNEL_CERTIFICATES_MAX })}
      >
        <Select
          mode="tags"
          open={false}
          maxCount={PERSONNEL_CERTIFICATES_MAX}
          tokenSeparators={[',', '，', '、', ';', '；']}
          placeholder={t('personnel:form.certificatePlaceholder')}
          data-testid="person-certificates"
        />
      </Form.Item>
      <Form.Item label={t('personnel:field.education')}>
        <EducationField />
      </Form.Item>
      <Form.Item name="attachments" label={t('personnel:field.attachments')}>
        <AttachmentsField projectId={projectId} max={PERSONNEL_ATTACHMENTS_MAX} />
      </Form.Item>
      <Form.Item name="remark" label={t('personnel:field.remark')}>
        <Input.TextArea rows={3} maxLength={PERSONNEL_REMARK_MAX_LENGTH} showCount />
      </Form.Item>

      <Space>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="person-submit">
          {t('personnel:action.save')}
        </Button>
        <Button onClick={onCancel}>{t('personnel:action.cancel')}</Button>
      </Space>
    </Form>
  );
}
