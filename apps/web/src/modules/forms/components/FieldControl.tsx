import type { FormField, SubListColumn } from '@lintel/contracts/forms';
import { DatePicker, Input, InputNumber, Select, Switch, TimePicker, TreeSelect } from 'antd';
import type dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type AttachmentItem, AttachmentsField } from '../../../components/project/AttachmentsField';
import { type ImageItem, ImagesField } from '../../../components/project/ImagesField';
import { MemberSelect } from '../../../components/project/MemberSelect';
import { fileUrl } from '../../../lib/projectFiles';
import { formatDateValue, parseDateValue, type SignatureState, storedFileUrl } from '../formValues';
import { departmentTree, useFormStructures } from '../lookups';
import { AddressInput, type AddressValue } from './AddressInput';
import { SignaturePad } from './SignaturePad';

export interface ControlProps {
  field: FormField | SubListColumn;
  projectId: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The input's id, for the label's htmlFor. */
  id: string;
  testId: string;
  invalid: boolean;
}

/** The editing control of one field or sub-list cell (a sub-list's own table is SubListField). */
export function FieldControl({ field, projectId, value, onChange, id, testId, invalid }: ControlProps) {
  const { t } = useTranslation('forms');
  const status = invalid ? ('error' as const) : undefined;
  const hint = 'hint' in field && field.hint ? field.hint : undefined;
  switch (field.kind) {
    case 'text':
      return (
        <Input
          id={id}
          value={(value as string | undefined) ?? ''}
          onChange={(event) => onChange(event.target.value)}
          maxLength={field.maxLength ?? 200}
          placeholder={hint ?? t('renderer.placeholder')}
          inputMode={field.format === 'mobile' ? 'tel' : field.format === 'number' ? 'decimal' : undefined}
          type={field.format === 'email' ? 'email' : 'text'}
          status={status}
          data-testid={testId}
        />
      );
    case 'textarea':
      return (
        <Input.TextArea
          id={id}
          value={(value as string | undefined) ?? ''}
          onChange={(event) => onChange(event.target.value)}
          maxLength={field.maxLength ?? 5000}
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder={hint ?? t('renderer.placeholder')}
          status={status}
          data-testid={testId}
        />
      );
    case 'datetime':
      return (
        <DateControl
          field={field}
          value={value}
          onChange={onChange}
          id={id}
          testId={testId}
          invalid={invalid}
        />
      );
    case 'select':
      return (
        <Select
          id={id}
          value={(value as string | undefined) ?? undefined}
          onChange={(next) => onChange(next)}
          options={field.options}
          allowClear
          placeholder={hint ?? t('renderer.choose')}
          status={status}
          style={{ width: '100%' }}
          data-testid={testId}
        />
      );
    case 'multiSelect':
      return (
        <Select
          id={id}
          mode="multiple"
          value={(value as string[] | undefined) ?? []}
          onChange={(next) => onChange(next)}
          options={field.options}
          maxCount={field.maxSelected}
          allowClear
          placeholder={hint ?? t('renderer.choose')}
          status={status}
          style={{ width: '100%' }}
          data-testid={testId}
        />
      );
    case 'number':
      return (
        <InputNumber<number>
          id={id}
          value={(value as number | null | undefined) ?? null}
          onChange={(next) => onChange(next ?? undefined)}
          // No min/max/precision here: antd would round or clamp the value on blur, and the contract's check
          // (the server's) says what is wrong instead, in the same words.
          step={field.precision > 0 ? 10 ** -field.precision : 1}
          suffix={field.unit || undefined}
          placeholder={hint ?? t('renderer.placeholder')}
          inputMode={field.precision > 0 ? 'decimal' : 'numeric'}
          status={status}
          style={{ width: '100%' }}
          data-testid={testId}
        />
      );
    case 'image':
      return (
        <ImagesField
          projectId={projectId}
          max={field.maxPictures}
          testId={testId}
          id={id}
          value={(value as ImageItem[] | undefined) ?? []}
          onChange={onChange}
        />
      );
    case 'attachment':
      return (
        <div data-testid={testId}>
          <AttachmentsField
            projectId={projectId}
            max={field.maxFiles}
            id={id}
            value={(value as AttachmentItem[] | undefined) ?? []}
            onChange={onChange}
          />
        </div>
      );
    case 'signature':
      return (
        <SignaturePad
          projectId={projectId}
          value={value as SignatureState | undefined}
          onChange={onChange}
          testId={testId}
        />
      );
    case 'seal':
      return (
        <div className="forms-seal" data-testid={testId}>
          <Switch
            id={id}
            checked={value === true}
            onChange={(checked) => onChange(checked ? true : undefined)}
            data-testid={`${testId}-switch`}
          />
          <span>{value === true ? t('renderer.sealAffixed') : t('renderer.sealAffix')}</span>
          {value === true && field.sealFileId ? (
            <img
              className="forms-seal__image"
              src={fileUrl(storedFileUrl(field.sealFileId))}
              alt={t('renderer.sealAlt')}
            />
          ) : null}
        </div>
      );
    case 'address':
      return (
        <AddressInput
          id={id}
          value={value as AddressValue | undefined}
          onChange={onChange}
          showDetail={field.showDetail}
          testId={testId}
          invalid={invalid}
        />
      );
    case 'person':
      return (
        <MemberSelect
          projectId={projectId}
          id={id}
          value={(value as string[] | undefined) ?? []}
          onChange={(next) => onChange(field.single ? next.slice(-1) : next)}
          placeholder={hint ?? t('renderer.personPlaceholder')}
          testId={testId}
          status={status}
        />
      );
    case 'department':
      return (
        <DepartmentControl
          projectId={projectId}
          single={field.single}
          id={id}
          value={(value as string[] | undefined) ?? []}
          onChange={onChange}
          placeholder={hint ?? t('renderer.departmentPlaceholder')}
          testId={testId}
          invalid={invalid}
        />
      );
    default:
      return null;
  }
}

function DateControl({
  field,
  value,
  onChange,
  id,
  testId,
  invalid,
}: {
  field: Extract<FormField, { kind: 'datetime' }>;
  value: unknown;
  onChange: (value: unknown) => void;
  id: string;
  testId: string;
  invalid: boolean;
}) {
  const { t } = useTranslation('forms');
  const current = typeof value === 'string' ? parseDateValue(field.dateType, value) : null;
  const change = (next: dayjs.Dayjs | null) =>
    onChange(next ? formatDateValue(field.dateType, next) : undefined);
  const common = {
    id,
    value: current,
    onChange: change,
    status: invalid ? ('error' as const) : undefined,
    placeholder: field.hint || t('renderer.choose'),
    style: { width: '100%' },
    'data-testid': testId,
    // Phones: the picker's panel, never the keyboard.
    inputReadOnly: true,
  };
  if (field.dateType === 'time') return <TimePicker {...common} format="HH:mm" />;
  if (field.dateType === 'month') return <DatePicker {...common} picker="month" />;
  if (field.dateType === 'datetime')
    return <DatePicker {...common} showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />;
  return <DatePicker {...common} />;
}

function DepartmentControl({
  projectId,
  single,
  id,
  value,
  onChange,
  placeholder,
  testId,
  invalid,
}: {
  projectId: string;
  single: boolean;
  id: string;
  value: string[];
  onChange: (value: unknown) => void;
  placeholder: string;
  testId: string;
  invalid: boolean;
}) {
  const { t } = useTranslation('forms');
  const structures = useFormStructures(projectId);
  const tree = useMemo(() => departmentTree(structures.data ?? []), [structures.data]);
  return (
    <TreeSelect
      id={id}
      multiple={!single}
      value={single ? value[0] : value}
      onChange={(next: string | string[] | undefined) =>
        onChange(next === undefined ? undefined : Array.isArray(next) ? next : [next])
      }
      treeData={tree}
      treeDefaultExpandAll
      allowClear
      showSearch
      treeNodeFilterProp="title"
      loading={structures.isPending}
      status={invalid || structures.isError ? 'error' : undefined}
      placeholder={structures.isError ? t('renderer.loadFailed') : placeholder}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
