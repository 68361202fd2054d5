import type { AttendanceDayRow, AttendanceDayStatus } from '@lintel/contracts/personnel';
import { Alert, Form, Input, Modal, Select, TimePicker, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { showFieldErrors } from '../../../lib/fieldErrors';
import { useCorrectDay } from '../api';
import { beijingClock } from '../time';
import { STATUS_ORDER, useStatusLabel } from './StatusTag';

interface CorrectionValues {
  status?: AttendanceDayStatus;
  in: Dayjs | null;
  out: Dayjs | null;
  reason: string;
}

const FIELDS = ['status', 'in', 'out', 'reason'] as const;
const REASON_MAX = 500;
const clock = (value: Dayjs | null) => (value ? value.format('HH:mm') : null);

/**
 * An administrator fixes a person's day: the status outright, and/or the first-in and last-out times (site
 * time), always with a reason. Only what was changed is sent; the gate's own events stay as they were.
 */
export function CorrectionDialog({
  projectId,
  row,
  onClose,
}: {
  projectId: string;
  row: AttendanceDayRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const [form] = Form.useForm<CorrectionValues>();
  const correct = useCorrectDay(projectId);
  const [failure, setFailure] = useState<string | null>(null);
  const initialIn = row ? beijingClock(row.firstIn) : '';
  const initialOut = row ? beijingClock(row.lastOut) : '';

  useEffect(() => {
    if (!row) return;
    setFailure(null);
    form.setFieldsValue({
      status: undefined,
      in: initialIn ? dayjs(`2000-01-01T${initialIn}`) : null,
      out: initialOut ? dayjs(`2000-01-01T${initialOut}`) : null,
      reason: '',
    });
  }, [row, form, initialIn, initialOut]);

  const submit = async (values: CorrectionValues) => {
    if (!row) return;
    setFailure(null);
    const nextIn = clock(values.in);
    const nextOut = clock(values.out);
    const changedIn = (nextIn ?? '') !== initialIn;
    const changedOut = (nextOut ?? '') !== initialOut;
    if (!values.status && !changedIn && !changedOut) {
      form.setFields([{ name: 'status', errors: [t('attendance:correction.nothing')] }]);
      return;
    }
    try {
      await correct.mutateAsync({
        personId: row.person._id,
        date: row.date,
        ...(values.status ? { status: values.status } : {}),
        ...(changedIn ? { in: nextIn } : {}),
        ...(changedOut ? { out: nextOut } : {}),
        reason: values.reason.trim(),
      });
      onClose();
    } catch (error) {
      if (!showFieldErrors(form, error, FIELDS)) setFailure(errorMessage(error, t));
    }
  };

  return (
    <Modal
      open={row !== null}
      title={t('attendance:correction.title', { name: row?.person.name ?? '', date: row?.date ?? '' })}
      okText={t('attendance:correction.submit')}
      cancelText={t('attendance:action.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={correct.isPending}
      okButtonProps={{ ...({ 'data-testid': 'correction-submit' } as object) }}
      data-testid="correction-dialog"
    >
      <Typography.Paragraph type="secondary">{t('attendance:correction.hint')}</Typography.Paragraph>
      <Form<CorrectionValues> form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="status" label={t('attendance:correction.status')}>
          <Select
            allowClear
            placeholder={t('attendance:correction.statusKeep')}
            options={STATUS_ORDER.map((status) => ({ value: status, label: label(status) }))}
            data-testid="correction-status"
          />
        </Form.Item>
        <Form.Item name="in" label={t('attendance:correction.in')}>
          <TimePicker format="HH:mm" needConfirm={false} data-testid="correction-in" />
        </Form.Item>
        <Form.Item
          name="out"
          label={t('attendance:correction.out')}
          dependencies={['in']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: Dayjs | null) => {
                const start = clock(getFieldValue('in') as Dayjs | null);
                const end = clock(value);
                return start && end && end < start
                  ? Promise.reject(new Error(t('attendance:correction.outBeforeIn')))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <TimePicker format="HH:mm" needConfirm={false} data-testid="correction-out" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('attendance:correction.reason')}
          rules={[{ required: true, whitespace: true, message: t('attendance:correction.reasonRequired') }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            showCount
            maxLength={REASON_MAX}
            data-testid="correction-reason"
          />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon message={failure} data-testid="correction-failure" /> : null}
    </Modal>
  );
}
