import {
  CONTACT_SHEET_ATTACHMENTS_MAX,
  CONTACT_SHEET_CONTENT_MAX_LENGTH,
  CONTACT_SHEET_SENDER_UNIT_MAX_LENGTH,
  CONTACT_SHEET_TITLE_MAX_LENGTH,
  CONTACT_SHEET_TYPES,
  hasIllegalTitleCharacters,
} from '@lintel/contracts/contactsheets';
import { Alert, Button, Form, Input, Select, Space, Switch } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDatePicker } from '../../../components/LazyDatePicker';
import { uploadsFailed, uploadsPending } from '../../../components/project/AttachmentsField';
import { errorMessage } from '../../../lib/errors';
import { useMaxNumber } from '../api';
import { fieldErrorsOf, type SheetFormValues } from '../formValues';
import { NumberPreview } from './NumberPreview';
import { SheetAttachmentsField } from './SheetAttachmentsField';
import { SheetPeopleFields } from './SheetPeopleFields';

export interface SheetFormProps {
  projectId: string;
  /** The user (never a receiver or cc of their own sheet). */
  selfId: string;
  initial: SheetFormValues;
  /** Editing: the sheet's number (the kind and number are fixed). */
  fixedNumber: string | null;
  /** The buttons: each submits with its own `resend` (a recalled sheet can be saved or sent again). */
  actions: { label: string; resend: boolean; testId: string; primary?: boolean }[];
  busy: boolean;
  onSubmit: (values: SheetFormValues, resend: boolean) => Promise<unknown>;
  onCancel: (values: SheetFormValues) => void;
  onDirty: () => void;
}

/** The fields of a contact sheet (spec 001 §3/§5), checked as the server will, its refusals at the fields. */
export function SheetForm({
  projectId,
  selfId,
  initial,
  fixedNumber,
  actions,
  busy,
  onSubmit,
  onCancel,
  onDirty,
}: SheetFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SheetFormValues>();
  const [failure, setFailure] = useState<string | null>(null);
  // Which button submitted (read in onFinish, after validation: a ref, not a render away).
  const resend = useRef(false);
  const [pressed, setPressed] = useState<string | null>(null);
  const type = Form.useWatch('type', form) ?? initial.type;
  const receivers = Form.useWatch('receivers', form) ?? initial.receivers;
  const replyNeeded = Form.useWatch('replyNeeded', form) ?? initial.replyNeeded;
  // The unit an empty field stands for (the same answer as the number preview: one request).
  const defaultUnit = useMaxNumber(projectId, type);

  const submit = async (values: SheetFormValues) => {
    setFailure(null);
    const { added } = values.attachments;
    if (uploadsPending(added)) return setFailure(t('contactsheets:form.uploading'));
    if (uploadsFailed(added)) return setFailure(t('contactsheets:form.uploadFailed'));
    try {
      await onSubmit(values, resend.current);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.length > 0) form.setFields(fields);
      else setFailure(errorMessage(error, t));
    }
  };

  return (
    <Form<SheetFormValues>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={initial}
      onFinish={submit}
      onValuesChange={onDirty}
      scrollToFirstError
      className="sheet-form"
    >
      <Space align="end" wrap className="sheet-form__kind">
        <Form.Item name="type" label={t('contactsheets:form.type')} required>
          <Select
            disabled={fixedNumber !== null}
            options={CONTACT_SHEET_TYPES.map((value) => ({ value, label: t(`contactsheets:type.${value}`) }))}
            className="sheet-form__type"
            data-testid="sheet-type-input"
          />
        </Form.Item>
        <Form.Item>
          <NumberPreview projectId={projectId} type={type} fixed={fixedNumber} />
        </Form.Item>
      </Space>
      <Form.Item
        name="title"
        label={t('contactsheets:form.title')}
        extra={t('contactsheets:form.titleRule', { max: CONTACT_SHEET_TITLE_MAX_LENGTH })}
        rules={[
          { required: true, whitespace: true, message: t('contactsheets:form.titleRequired') },
          {
            max: CONTACT_SHEET_TITLE_MAX_LENGTH,
            message: t('contactsheets:form.titleTooLong', { max: CONTACT_SHEET_TITLE_MAX_LENGTH }),
          },
          {
            validator: async (_, value: string | undefined) => {
              if (value && hasIllegalTitleCharacters(value))
                throw new Error(t('contactsheets:form.titleIllegal'));
            },
          },
        ]}
      >
        <Input showCount maxLength={CONTACT_SHEET_TITLE_MAX_LENGTH} data-testid="sheet-title-input" />
      </Form.Item>
      <Form.Item
        name="senderUnit"
        label={t('contactsheets:form.senderUnit')}
        rules={[{ max: CONTACT_SHEET_SENDER_UNIT_MAX_LENGTH }]}
      >
        <Input
          maxLength={CONTACT_SHEET_SENDER_UNIT_MAX_LENGTH}
          placeholder={
            defaultUnit.data === undefined
              ? t('contactsheets:form.senderUnitPlaceholder')
              : defaultUnit.data.senderUnit
                ? t('contactsheets:form.senderUnitDefault', { unit: defaultUnit.data.senderUnit })
                : t('contactsheets:form.senderUnitNone')
          }
          data-testid="sheet-unit-input"
        />
      </Form.Item>
      <SheetPeopleFields projectId={projectId} selfId={selfId} receivers={receivers} />
      <Space align="start" wrap size="large">
        <Form.Item name="replyNeeded" label={t('contactsheets:form.replyNeeded')} valuePropName="checked">
          <Switch data-testid="sheet-reply-needed-input" />
        </Form.Item>
        {replyNeeded ? (
          <Form.Item name="replyDeadline" label={t('contactsheets:form.replyDeadline')}>
            <LazyDatePicker
              allowClear
              disabledDate={(day) => day.isBefore(dayjs(), 'day')}
              placeholder={t('contactsheets:form.replyDeadlinePlaceholder')}
              data-testid="sheet-deadline-input"
            />
          </Form.Item>
        ) : null}
      </Space>
      <Form.Item
        name="content"
        label={t('contactsheets:form.content')}
        rules={[
          { required: true, whitespace: true, message: t('contactsheets:form.contentRequired') },
          {
            max: CONTACT_SHEET_CONTENT_MAX_LENGTH,
            message: t('contactsheets:form.contentTooLong', { max: CONTACT_SHEET_CONTENT_MAX_LENGTH }),
          },
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 6, maxRows: 20 }}
          showCount
          maxLength={CONTACT_SHEET_CONTENT_MAX_LENGTH}
          data-testid="sheet-content-input"
        />
      </Form.Item>
      <Form.Item
        name="attachments"
        label={t('contactsheets:form.attachments')}
        rules={[
          {
            validator: async (_, value: SheetFormValues['attachments'] | undefined) => {
              if (value && value.kept.length + value.added.length > CONTACT_SHEET_ATTACHMENTS_MAX)
                throw new Error(
                  t('contactsheets:form.attachmentsTooMany', { max: CONTACT_SHEET_ATTACHMENTS_MAX }),
                );
            },
          },
        ]}
      >
        <SheetAttachmentsField projectId={projectId} />
      </Form.Item>
      {failure ? (
        <Alert
          type="error"
          showIcon
          message={failure}
          className="sheet-form__failure"
          data-testid="sheet-form-failure"
        />
      ) : null}
      <Space wrap>
        {actions.map((action) => (
          <Button
            key={action.testId}
            type={action.primary ? 'primary' : 'default'}
            htmlType="submit"
            loading={busy && pressed === action.testId}
            disabled={busy && pressed !== action.testId}
            onClick={() => {
              resend.current = action.resend;
              setPressed(action.testId);
            }}
            data-testid={action.testId}
          >
            {action.label}
          </Button>
        ))}
        <Button
          onClick={() => onCancel(form.getFieldsValue(true))}
          disabled={busy}
          data-testid="sheet-cancel"
        >
          {t('contactsheets:form.cancel')}
        </Button>
      </Space>
    </Form>
  );
}
