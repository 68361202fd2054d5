import {
  MODEL_NAME_MAX_LENGTH,
  MODEL_REMARK_MAX_LENGTH,
  type Model,
  type ModelTag,
  TAGS_PER_ITEM_MAX,
} from '@lintel/contracts/models';
import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { showFieldErrors } from '../../../lib/fieldErrors';
import { isHttpError } from '../../../lib/http';
import { useUpdateModel } from '../api';

interface Values {
  name: string;
  remark: string;
  tagIds: string[];
}

interface ModelEditDialogProps {
  projectId: string;
  model: Model | null;
  tags: readonly ModelTag[];
  onClose: () => void;
}

/** Rename a model, its remark and its tags; a name another model has is refused at the name field. */
export function ModelEditDialog({ projectId, model, tags, onClose }: ModelEditDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdateModel(projectId);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (model) form.setFieldsValue({ name: model.name, remark: model.remark, tagIds: model.tagIds });
  }, [form, model]);

  const save = async (values: Values) => {
    if (!model) return;
    setSaving(true);
    try {
      await update.mutateAsync({
        id: model._id,
        name: values.name.trim(),
        remark: (values.remark ?? '').trim(),
        tagIds: values.tagIds ?? [],
      });
      void message.success(t('models:edit.saved'));
      onClose();
    } catch (error) {
      if (isHttpError(error) && error.status === 409) {
        // A name another model of the project has (models.duplicateName).
        form.setFields([{ name: 'name', errors: [errorMessage(error, t)] }]);
      } else if (!showFieldErrors(form, error, ['name', 'remark', 'tagIds'])) {
        void message.error(errorMessage(error, t));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={model !== null}
      title={t('models:edit.title')}
      okText={t('models:action.save')}
      cancelText={t('models:action.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ ...({ 'data-testid': 'model-edit-save' } as object) }}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => void save(values)}
        data-testid="model-edit-form"
      >
        <Form.Item
          name="name"
          label={t('models:field.name')}
          rules={[
            { required: true, whitespace: true, message: t('models:edit.nameRequired') },
            {
              max: MODEL_NAME_MAX_LENGTH,
              message: t('models:edit.nameTooLong', { max: MODEL_NAME_MAX_LENGTH }),
            },
          ]}
        >
          <Input maxLength={MODEL_NAME_MAX_LENGTH} showCount data-testid="model-edit-name" />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('models:field.remark')}
          rules={[
            {
              max: MODEL_REMARK_MAX_LENGTH,
              message: t('models:edit.remarkTooLong', { max: MODEL_REMARK_MAX_LENGTH }),
            },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={MODEL_REMARK_MAX_LENGTH}
            showCount
            data-testid="model-edit-remark"
          />
        </Form.Item>
        <Form.Item
          name="tagIds"
          label={t('models:field.tags')}
          rules={[
            {
              type: 'array',
              max: TAGS_PER_ITEM_MAX,
              message: t('models:edit.tooManyTags', { max: TAGS_PER_ITEM_MAX }),
            },
          ]}
        >
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            placeholder={tags.length === 0 ? t('models:edit.noTags') : t('models:edit.tagsPlaceholder')}
            options={tags.map((tag) => ({
              value: tag._id,
              label: t('models:tagOption', { name: tag.name, type: t(`models:tagType.${tag.type}`) }),
            }))}
            data-testid="model-edit-tags"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
