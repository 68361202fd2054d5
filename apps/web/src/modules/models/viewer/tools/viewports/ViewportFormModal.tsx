import {
  TAGS_PER_ITEM_MAX,
  VIEWPORT_NAME_MAX_LENGTH,
  VIEWPORT_REMARK_MAX_LENGTH,
  type Viewport,
} from '@lintel/contracts/models';
import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useModelSettings } from '../../../api';
import { checkViewportFields } from './viewportFields';

export interface ViewportFormValues {
  name: string;
  remark: string;
  tagIds: string[];
  /** Edit only: save the viewer's current view into the viewport too. */
  replaceView: boolean;
}

interface ViewportFormModalProps {
  projectId: string;
  open: boolean;
  /** null: a new viewport of the current view. */
  editing: Viewport | null;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (
    values: ViewportFormValues,
    form: ReturnType<typeof Form.useForm<ViewportFormValues>>[0],
  ) => void;
}

/** Name (≤ 30), remark (≤ 150) and tags of a viewport, with counters and the same checks as the server. */
export function ViewportFormModal({
  projectId,
  open,
  editing,
  saving,
  onCancel,
  onSubmit,
}: ViewportFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ViewportFormValues>();
  const tags = useModelSettings(projectId, 'viewport-tags');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? { name: editing.name, remark: editing.remark, tagIds: editing.tagIds, replaceView: false }
        : { name: '', remark: '', tagIds: [], replaceView: false },
    );
  }, [open, editing, form]);

  const rule = (field: 'name' | 'remark' | 'tagIds') => ({
    validator: (_: unknown, value: unknown) => {
      const values: Partial<ViewportFormValues> = { ...form.getFieldsValue(), [field]: value };
      const problem = checkViewportFields({
        name: String(values.name ?? ''),
        remark: String(values.remark ?? ''),
        tagIds: values.tagIds ?? [],
      })[field];
      return problem
        ? Promise.reject(
            new Error(
              t(`modelTools:${problem}`, {
                max:
                  field === 'name'
                    ? VIEWPORT_NAME_MAX_LENGTH
                    : field === 'remark'
                      ? VIEWPORT_REMARK_MAX_LENGTH
                      : TAGS_PER_ITEM_MAX,
              }),
            ),
          )
        : Promise.resolve();
    },
  });

  return (
    <Modal
      open={open}
      title={editing ? t('modelTools:viewports.editTitle') : t('modelTools:viewports.saveTitle')}
      okText={t('modelTools:action.save')}
      cancelText={t('modelTools:action.cancel')}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'viewport-form-submit' } as Record<string, string>}
      destroyOnHidden
    >
      <Form<ViewportFormValues>
        form={form}
        layout="vertical"
        onFinish={(values) =>
          onSubmit({ ...values, remark: values.remark ?? '', tagIds: values.tagIds ?? [] }, form)
        }
      >
        <Form.Item name="name" label={t('modelTools:viewports.name')} rules={[rule('name')]} required>
          <Input
            showCount
            maxLength={VIEWPORT_NAME_MAX_LENGTH}
            autoFocus
            data-testid="viewport-name"
            placeholder={t('modelTools:viewports.namePlaceholder')}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('modelTools:viewports.remark')} rules={[rule('remark')]}>
          <Input.TextArea
            showCount
            maxLength={VIEWPORT_REMARK_MAX_LENGTH}
            autoSize={{ minRows: 2, maxRows: 5 }}
            data-testid="viewport-remark"
          />
        </Form.Item>
        <Form.Item name="tagIds" label={t('modelTools:viewports.tags')} rules={[rule('tagIds')]}>
          <Select
            mode="multiple"
            allowClear
            loading={tags.isLoading}
            placeholder={t('modelTools:viewports.tagsPlaceholder')}
            notFoundContent={t('modelTools:viewports.noTags')}
            options={(tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name }))}
            optionFilterProp="label"
            data-testid="viewport-tags"
          />
        </Form.Item>
        {editing && (
          <Form.Item name="replaceView" valuePropName="checked">
            <Checkbox data-testid="viewport-replace-view">{t('modelTools:viewports.replaceView')}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
