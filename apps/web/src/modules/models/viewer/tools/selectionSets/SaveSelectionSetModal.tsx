import { SELECTION_SET_NAME_MAX_LENGTH, SELECTION_SET_REMARK_MAX_LENGTH } from '@lintel/contracts/models';
import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../../lib/errors';
import { showFieldErrors } from '../../../../../lib/fieldErrors';
import { useCreateSelectionSet, useModelSettings } from '../../../api';
import type { ViewerContext } from '../../engine/types';
import { checkSelectionSetFields } from '../viewports/viewportFields';

interface Values {
  name: string;
  groupId: string | null;
  remark: string;
}

/** Saves the viewer's selection as a named set (name ≤ 30, optional group, remark ≤ 150). */
export function SaveSelectionSetModal({
  viewer,
  open,
  onClose,
}: {
  viewer: ViewerContext;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const groups = useModelSettings(viewer.projectId, 'selection-set-groups');
  const create = useCreateSelectionSet(viewer.projectId);
  const [saving, setSaving] = useState(false);
  const count = viewer.getSelection().reduce((sum, ref) => sum + ref.globalIds.length, 0);

  useEffect(() => {
    if (open) form.setFieldsValue({ name: '', groupId: null, remark: '' });
  }, [open, form]);

  const rule = (field: 'name' | 'remark') => ({
    validator: (_: unknown, value: unknown) => {
      const values: Partial<Values> = { ...form.getFieldsValue(), [field]: value };
      const problem = checkSelectionSetFields({
        name: String(values.name ?? ''),
        remark: String(values.remark ?? ''),
      })[field];
      const max = field === 'name' ? SELECTION_SET_NAME_MAX_LENGTH : SELECTION_SET_REMARK_MAX_LENGTH;
      return problem ? Promise.reject(new Error(t(`modelTools:${problem}`, { max }))) : Promise.resolve();
    },
  });

  const submit = async (values: Values) => {
    const items = viewer.getSelection();
    if (items.length === 0) {
      message.error(t('modelTools:sets.emptySelection'));
      return;
    }
    setSaving(true);
    try {
      await create.mutateAsync({
        name: values.name.trim(),
        remark: (values.remark ?? '').trim(),
        groupId: values.groupId ?? null,
        items,
      });
      message.success(t('modelTools:sets.saved'));
      onClose();
    } catch (error) {
      if (!showFieldErrors(form, error, ['name', 'remark', 'groupId'])) message.error(errorMessage(error, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('modelTools:sets.saveTitle', { count })}
      okText={t('modelTools:action.save')}
      cancelText={t('modelTools:action.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'selection-set-submit' } as Record<string, string>}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item name="name" label={t('modelTools:sets.name')} rules={[rule('name')]} required>
          <Input
            showCount
            maxLength={SELECTION_SET_NAME_MAX_LENGTH}
            autoFocus
            data-testid="selection-set-name"
          />
        </Form.Item>
        <Form.Item name="groupId" label={t('modelTools:sets.group')}>
          <Select
            allowClear
            loading={groups.isLoading}
            placeholder={t('modelTools:sets.noGroup')}
            options={(groups.data ?? []).map((group) => ({ value: group._id, label: group.name }))}
            data-testid="selection-set-group"
          />
        </Form.Item>
        <Form.Item name="remark" label={t('modelTools:sets.remark')} rules={[rule('remark')]}>
          <Input.TextArea
            showCount
            maxLength={SELECTION_SET_REMARK_MAX_LENGTH}
            autoSize={{ minRows: 2, maxRows: 5 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
