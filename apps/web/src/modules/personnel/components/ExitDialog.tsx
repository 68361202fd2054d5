import { PERSONNEL_REMARK_MAX_LENGTH, type Person } from '@lintel/contracts/personnel';
import { App, DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { showFieldErrors } from '../../../lib/fieldErrors';
import { useExitPerson, useReenterPerson } from '../api';

interface ExitValues {
  date: Dayjs | null;
  remark: string;
}

interface ExitDialogProps {
  projectId: string;
  person: Person;
  /** `exit` for someone on the books, `reentry` for someone who left. */
  mode: 'exit' | 'reentry' | null;
  onClose: () => void;
}

/** Exit (date and a required remark, spec 001 §5) or re-entry (date, remark optional). */
export function ExitDialog({ projectId, person, mode, onClose }: ExitDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ExitValues>();
  const exit = useExitPerson(projectId);
  const reenter = useReenterPerson(projectId);
  const exiting = mode === 'exit';

  const submit = async (values: ExitValues) => {
    const body = { id: person._id, date: (values.date ?? dayjs()).format('YYYY-MM-DD') };
    const remark = values.remark.trim();
    try {
      if (exiting) await exit.mutateAsync({ ...body, remark });
      else await reenter.mutateAsync({ ...body, ...(remark ? { remark } : {}) });
      void message.success(exiting ? t('personnel:exit.done') : t('personnel:exit.reentryDone'));
      onClose();
    } catch (error) {
      if (!showFieldErrors(form, error, ['date', 'remark'])) void message.error(errorMessage(error, t));
    }
  };

  return (
    <Modal
      open={mode !== null}
      title={
        exiting
          ? t('personnel:exit.title', { name: person.name })
          : t('personnel:exit.reentryTitle', { name: person.name })
      }
      okText={exiting ? t('personnel:detail.exit') : t('personnel:detail.reentry')}
      okButtonProps={{
        danger: exiting,
        loading: exit.isPending || reenter.isPending,
        ...({ 'data-testid': 'person-exit-ok' } as object),
      }}
      cancelText={t('personnel:action.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ExitValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ date: dayjs(), remark: '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="date"
          label={t('personnel:exit.date')}
          rules={[{ required: true, message: t('personnel:exit.dateRequired') }]}
        >
          <DatePicker data-testid="person-exit-date" />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('personnel:exit.remark')}
          rules={
            exiting ? [{ required: true, whitespace: true, message: t('personnel:exit.remarkRequired') }] : []
          }
        >
          <Input.TextArea rows={3} maxLength={PERSONNEL_REMARK_MAX_LENGTH} data-testid="person-exit-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
