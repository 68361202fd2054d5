import {
  VIOLATION_DESCRIPTION_MAX_LENGTH,
  VIOLATION_PHOTOS_MAX,
  type ViolationRecord,
} from '@lintel/contracts/personnel';
import { Alert, DatePicker, Form, Input, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ImageItem,
  ImagesField,
  imageRefs,
  imagesFailed,
  imagesPending,
} from '../../../components/project/ImagesField';
import { errorMessage } from '../../../lib/errors';
import { showFieldErrors } from '../../../lib/fieldErrors';
import { displayName } from '../../../lib/people';
import { useCurrentUser } from '../../account/api';
import { useSaveViolation, useViolationItems, useViolationTypes } from '../api';
import { beijingToday, dayText, pickerValue } from '../time';
import { PersonSelect } from './PersonSelect';

interface ViolationValues {
  date: Dayjs;
  personId?: string;
  typeId?: string;
  itemId?: string;
  description: string;
  photos: ImageItem[];
}

const FIELDS = ['date', 'personId', 'typeId', 'itemId', 'description', 'photos'] as const;

/** What the form shows for a record (or a new one): its photos as stored items. */
function valuesOf(record: ViolationRecord | null): ViolationValues {
  if (!record) return { date: pickerValue(beijingToday()), description: '', photos: [] };
  return {
    date: pickerValue(record.date),
    personId: record.personId,
    typeId: record.typeId,
    itemId: record.itemId,
    description: record.description,
    photos: record.photos.map((photo) => ({
      uid: photo._id,
      name: photo.name,
      status: 'done',
      ref: photo._id,
      url: photo.url,
    })),
  };
}

/**
 * A new record (`editing` null) or a change to one; mounted while open, so the page does not carry the form.
 * The recorder is the caller.
 */
export function ViolationDialog({
  projectId,
  editing,
  onClose,
}: {
  projectId: string;
  editing: ViolationRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [form] = Form.useForm<ViolationValues>();
  const save = useSaveViolation(projectId);
  const types = useViolationTypes(projectId);
  const items = useViolationItems(projectId);
  const [failure, setFailure] = useState<string | null>(null);
  const typeId = Form.useWatch('typeId', form);
  const itemOptions = useMemo(
    () =>
      (items.data ?? [])
        .filter((item) => item.typeId === typeId)
        .map((item) => ({ value: item._id, label: item.name })),
    [items.data, typeId],
  );

  // The form's first values, read once at mount (a record edited elsewhere meanwhile does not reset it).
  const [initialValues] = useState(() => valuesOf(editing));
  const submit = async (values: ViolationValues) => {
    setFailure(null);
    if (imagesPending(values.photos)) return setFailure(t('attendance:photos.wait'));
    if (imagesFailed(values.photos)) return setFailure(t('attendance:photos.fix'));
    try {
      await save.mutateAsync({
        id: editing?._id ?? null,
        body: {
          projectId,
          date: dayText(values.date),
          personId: values.personId as string,
          typeId: values.typeId as string,
          itemId: values.itemId as string,
          description: values.description.trim(),
          photos: imageRefs(values.photos),
        },
      });
      onClose();
    } catch (error) {
      if (!showFieldErrors(form, error, FIELDS)) setFailure(errorMessage(error, t));
    }
  };

  const required = (key: string) => [{ required: true, message: t(`attendance:violations.required.${key}`) }];
  return (
    <Modal
      open
      title={t(editing ? 'attendance:violations.editTitle' : 'attendance:violations.createTitle')}
      okText={t('attendance:action.save')}
      cancelText={t('attendance:action.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ ...({ 'data-testid': 'violation-submit' } as object) }}
      width={640}
      data-testid="violation-dialog"
    >
      <Form<ViolationValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        onValuesChange={(changed: Partial<ViolationValues>) => {
          // An item belongs to one type: a new type empties the item.
          if ('typeId' in changed) form.setFieldValue('itemId', undefined);
        }}
      >
        <Form.Item name="date" label={t('attendance:violations.date')} rules={required('date')}>
          <DatePicker allowClear={false} data-testid="violation-date" />
        </Form.Item>
        <Form.Item name="personId" label={t('attendance:violations.person')} rules={required('person')}>
          <PersonSelect
            projectId={projectId}
            known={editing?.person ?? null}
            placeholder={t('attendance:violations.personPlaceholder')}
            testId="violation-person"
          />
        </Form.Item>
        <Form.Item name="typeId" label={t('attendance:violations.type')} rules={required('type')}>
          <Select
            showSearch
            optionFilterProp="label"
            options={(types.data ?? []).map((type) => ({ value: type._id, label: type.name }))}
            loading={types.isPending}
            placeholder={t('attendance:violations.typePlaceholder')}
            data-testid="violation-type"
          />
        </Form.Item>
        <Form.Item name="itemId" label={t('attendance:violations.item')} rules={required('item')}>
          <Select
            showSearch
            optionFilterProp="label"
            disabled={!typeId}
            options={itemOptions}
            loading={items.isPending}
            placeholder={t(
              typeId ? 'attendance:violations.itemPlaceholder' : 'attendance:violations.typeFirst',
            )}
            notFoundContent={t('attendance:violations.noItems')}
            data-testid="violation-item"
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('attendance:violations.description')}
          rules={[
            { required: true, whitespace: true, message: t('attendance:violations.required.description') },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 10 }}
            showCount
            maxLength={VIOLATION_DESCRIPTION_MAX_LENGTH}
            data-testid="violation-description"
          />
        </Form.Item>
        <Form.Item name="photos" label={t('attendance:violations.photos', { max: VIOLATION_PHOTOS_MAX })}>
          <ImagesField projectId={projectId} max={VIOLATION_PHOTOS_MAX} testId="violation-photos" />
        </Form.Item>
        <Typography.Text type="secondary" data-testid="violation-recorder">
          {t('attendance:violations.recorderIs', {
            name: (editing ? editing.recorder?.name : displayName(me)) ?? '',
          })}
        </Typography.Text>
      </Form>
      {failure ? <Alert type="error" showIcon message={failure} data-testid="violation-failure" /> : null}
    </Modal>
  );
}
