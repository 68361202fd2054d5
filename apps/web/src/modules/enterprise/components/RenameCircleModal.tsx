import { type Circle, circleUpdateSchema } from '@lintel/contracts/org';
import { App, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { useRenameCircle } from '../api';
import { OrgNameItem } from './OrgNameItem';

/** PUT circles/{id} {name}: renames a circle (open while `circle` is given). */
export function RenameCircleModal({ circle, onClose }: { circle: Circle | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenameCircle();

  const submit = async () => {
    if (!circle) return;
    const values = await form.validateFields();
    const parsed = circleUpdateSchema.safeParse(values);
    if (!parsed.success) return;
    // Unchanged: nothing to write.
    if (parsed.data.name === circle.name) {
      onClose();
      return;
    }
    try {
      await rename.mutateAsync({ id: circle._id, ...parsed.data });
      void message.success(t('enterprise:edit.circleDone'));
      onClose();
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };
  const onEnter = () => void submit().catch(() => undefined);

  return (
    <Modal
      open={circle !== null}
      title={t('enterprise:edit.circleTitle')}
      okText={t('enterprise:edit.save')}
      onOk={onEnter}
      onCancel={onClose}
      confirmLoading={rename.isPending}
      okButtonProps={{ 'data-testid': 'rename-circle-submit' } as Record<string, string>}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        // The dialog is destroyed when hidden; without this the outside form instance keeps old values.
        preserve={false}
        initialValues={{ name: circle?.name ?? '' }}
      >
        <OrgNameItem
          schema={circleUpdateSchema.shape.name}
          label={t('enterprise:field.circleName')}
          testId="rename-circle-name"
          onEnter={onEnter}
        />
      </Form>
    </Modal>
  );
}
