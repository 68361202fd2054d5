import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DATE_TYPES,
  FIELD_OPTIONS_MAX,
  FILES_PER_FIELD_MAX,
  type FormField,
  IMAGE_SIZES,
  IMAGES_PER_FIELD_MAX,
  LINE_TYPES,
  NUMBER_PRECISION_MAX,
  SUB_LIST_ROWS_MAX,
  type SubListColumn,
  TEXT_FORMATS,
  TEXT_MAX_LENGTH,
  TEXTAREA_MAX_LENGTH,
} from '@lintel/contracts/forms';
import { Button, Form, Input, InputNumber, Select, Switch, Upload } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { fileUrl, uploadPicture } from '../../../lib/projectFiles';
import type { PropertyProblem } from '../designerModel';
import { storedFileUrl } from '../formValues';
import { ColumnsEditor } from './ColumnsEditor';

type AnyField = FormField | SubListColumn;

interface FieldPropertiesProps {
  field: AnyField;
  onChange: (field: AnyField) => void;
  /** This field's problems, by property (`title`, `options.1.label`, `columns.0.key`). */
  problems: readonly PropertyProblem[];
  projectId: string;
  /** A sub-list's column: the properties of a cell only (no visibility, no hidden title). */
  column?: boolean;
}

/**
 * The properties of one field, as its kind has them (fields.ts), each with its problem under it: zod's shape
 * and checkFieldDefinitions, the checks the server runs when the template is saved.
 */
export function FieldProperties({
  field,
  onChange,
  problems,
  projectId,
  column = false,
}: FieldPropertiesProps) {
  const { t } = useTranslation('forms');
  /** Sets a property; an empty optional one is left out (the schema's "not set"). */
  const set = (property: string, value: unknown) => {
    const next = { ...field } as Record<string, unknown>;
    // Title and key are never left out: an emptied one stays '' and its problem says "cannot be empty".
    if ((value === undefined || value === '' || value === null) && property !== 'title' && property !== 'key')
      delete next[property];
    else next[property] = value;
    onChange(next as AnyField);
  };
  const f = field as Record<string, unknown>;

  const problemOf = (property: string) => {
    const own = problems.filter(
      (problem) => problem.property === property || problem.property.startsWith(`${property}.`),
    );
    return own.length > 0 ? own.map((problem) => t(problem.key, problem.params)).join('; ') : undefined;
  };
  const item = (property: string, label: string, control: ReactNode, extra?: string) => {
    const help = problemOf(property);
    return (
      <Form.Item
        key={property}
        label={label}
        htmlFor={`prop-${property}`}
        validateStatus={help ? 'error' : undefined}
        help={help ? <span data-testid={`prop-problem-${property}`}>{help}</span> : undefined}
        extra={extra}
      >
        {control}
      </Form.Item>
    );
  };
  const text = (property: string, label: string, max: number, extra?: string) =>
    item(
      property,
      label,
      <Input
        id={`prop-${property}`}
        value={(f[property] as string | undefined) ?? ''}
        maxLength={max}
        onChange={(event) => set(property, event.target.value)}
        data-testid={`prop-${property}`}
      />,
      extra,
    );
  const number = (property: string, label: string, min: number, max: number, required = false) =>
    item(
      property,
      label,
      <InputNumber<number>
        id={`prop-${property}`}
        value={(f[property] as number | null | undefined) ?? null}
        min={min}
        max={max}
        precision={0}
        onChange={(value) => set(property, value ?? (required ? min : undefined))}
        style={{ width: '100%' }}
        data-testid={`prop-${property}`}
      />,
    );
  const decimal = (property: string, label: string) =>
    item(
      property,
      label,
      <InputNumber<number>
        id={`prop-${property}`}
        value={(f[property] as number | null | undefined) ?? null}
        onChange={(value) => set(property, value ?? undefined)}
        style={{ width: '100%' }}
        data-testid={`prop-${property}`}
      />,
    );
  const toggle = (property: string, label: string, defaultOn = false) =>
    item(
      property,
      label,
      <Switch
        id={`prop-${property}`}
        checked={(f[property] as boolean | undefined) ?? defaultOn}
        // An access switch left at its default is left out of the definition.
        onChange={(checked) => set(property, checked === defaultOn && defaultOn ? undefined : checked)}
        data-testid={`prop-${property}`}
      />,
    );
  const choice = (property: string, label: string, values: readonly string[], prefix: string) =>
    item(
      property,
      label,
      <Select
        id={`prop-${property}`}
        value={f[property] as string | undefined}
        onChange={(value) => set(property, value)}
        options={values.map((value) => ({ value, label: t(`${prefix}.${value}`) }))}
        style={{ width: '100%' }}
        data-testid={`prop-${property}`}
      />,
    );

  const kindProperties = (): ReactNode[] => {
    switch (field.kind) {
      case 'text':
        return [
          number('maxLength', t('props.maxLength'), 1, TEXT_MAX_LENGTH),
          choice('format', t('props.format'), TEXT_FORMATS, 'formats'),
          text('default', t('props.default'), TEXT_MAX_LENGTH),
        ];
      case 'textarea':
        return [
          number('maxLength', t('props.maxLength'), 1, TEXTAREA_MAX_LENGTH),
          text('default', t('props.default'), 500),
        ];
      case 'datetime':
        return [
          choice('dateType', t('props.dateType'), DATE_TYPES, 'dateTypes'),
          item(
            'default',
            t('props.defaultNow'),
            <Switch
              id="prop-default"
              checked={field.default === 'now'}
              onChange={(checked) => set('default', checked ? 'now' : undefined)}
              data-testid="prop-default"
            />,
          ),
        ];
      case 'select':
      case 'multiSelect':
        return [
          item(
            'options',
            t('designer.options'),
            <OptionsEditor field={field} onChange={onChange} problems={problems} />,
          ),
          item(
            'default',
            t('props.default'),
            <Select
              id="prop-default"
              mode={field.kind === 'multiSelect' ? 'multiple' : undefined}
              allowClear
              value={field.default}
              onChange={(value) =>
                set('default', Array.isArray(value) && value.length === 0 ? undefined : value)
              }
              options={field.options.filter((option) => option.value && option.label)}
              style={{ width: '100%' }}
              data-testid="prop-default"
            />,
          ),
          ...(field.kind === 'multiSelect'
            ? [number('maxSelected', t('props.maxSelected'), 1, FIELD_OPTIONS_MAX)]
            : []),
        ];
      case 'number':
        return [
          number('precision', t('props.precision'), 0, NUMBER_PRECISION_MAX, true),
          decimal('min', t('props.min')),
          decimal('max', t('props.max')),
          text('unit', t('props.unit'), 10),
          decimal('default', t('props.default')),
        ];
      case 'image':
        return [
          number('maxPictures', t('props.maxPictures'), 1, IMAGES_PER_FIELD_MAX, true),
          choice('imageSize', t('props.imageSize'), IMAGE_SIZES, 'imageSizes'),
        ];
      case 'address':
        return [toggle('showDetail', t('props.showDetail'))];
      case 'person':
      case 'department':
        return [toggle('single', t('props.single'))];
      case 'attachment':
        return [number('maxFiles', t('props.maxFiles'), 1, FILES_PER_FIELD_MAX, true)];
      case 'description':
        return [
          item(
            'content',
            t('props.content'),
            <Input.TextArea
              id="prop-content"
              value={field.content}
              autoSize={{ minRows: 3, maxRows: 8 }}
              maxLength={5000}
              onChange={(event) => onChange({ ...field, content: event.target.value })}
              data-testid="prop-content"
            />,
          ),
        ];
      case 'divider':
        return [choice('lineType', t('props.lineType'), LINE_TYPES, 'lineTypes')];
      case 'seal':
        return [
          item(
            'sealFileId',
            t('props.sealFileId'),
            <SealPicker
              projectId={projectId}
              fileId={field.sealFileId}
              onChange={(sealFileId) => onChange({ ...field, sealFileId })}
            />,
          ),
        ];
      case 'subList':
        return [
          number('minRows', t('props.minRows'), 0, SUB_LIST_ROWS_MAX),
          number('maxRows', t('props.maxRows'), 1, SUB_LIST_ROWS_MAX),
          item(
            'totals',
            t('props.totals'),
            <Select
              id="prop-totals"
              mode="multiple"
              allowClear
              value={field.totals ?? []}
              onChange={(value: string[]) => set('totals', value.length > 0 ? value : undefined)}
              options={field.columns
                .filter((column) => column.kind === 'number')
                .map((column) => ({ value: column.key, label: column.title || column.key }))}
              style={{ width: '100%' }}
              data-testid="prop-totals"
            />,
          ),
          <ColumnsEditor
            key="columns"
            field={field}
            onChange={onChange}
            problems={problems}
            projectId={projectId}
          />,
        ];
      default:
        return [];
    }
  };

  const valued = field.kind !== 'description' && field.kind !== 'divider';
  return (
    <Form layout="vertical" component="div" className="forms-properties" data-testid="field-properties">
      {text('title', t('props.title'), 50)}
      {text('key', t('props.key'), 64, t('props.keyHint'))}
      {valued ? toggle('required', t('props.required')) : null}
      {valued && field.kind !== 'seal' && field.kind !== 'signature' && field.kind !== 'subList'
        ? text('hint', t('props.hint'), 100)
        : null}
      {kindProperties()}
      {column ? null : (
        <>
          {text('description', t('props.description'), 500)}
          {toggle('hideTitle', t('props.hideTitle'))}
          {toggle('visible', t('props.visible'), true)}
          {toggle('editable', t('props.editable'), true)}
        </>
      )}
    </Form>
  );
}

/** A dropdown's options: each a name and the value stored for it, added, removed. */
function OptionsEditor({
  field,
  onChange,
  problems,
}: {
  field: Extract<AnyField, { kind: 'select' | 'multiSelect' }>;
  onChange: (field: AnyField) => void;
  problems: readonly PropertyProblem[];
}) {
  const { t } = useTranslation('forms');
  const setOption = (index: number, patch: { value?: string; label?: string }) =>
    onChange({
      ...field,
      options: field.options.map((option, i) => (i === index ? { ...option, ...patch } : option)),
    } as AnyField);
  const add = () => {
    const taken = new Set(field.options.map((option) => option.value));
    let n = field.options.length + 1;
    while (taken.has(`option_${n}`)) n += 1;
    onChange({
      ...field,
      options: [...field.options, { value: `option_${n}`, label: t('designer.newOption', { index: n }) }],
    } as AnyField);
  };
  const invalid = (index: number, part: string) =>
    problems.some((problem) => problem.property === `options.${index}.${part}`)
      ? ('error' as const)
      : undefined;
  return (
    <div className="forms-options" data-testid="prop-options">
      {field.options.map((option, index) => (
        // Options are edited in place; their value may be changed, so the index is the stable key here.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={index} className="forms-options__row">
          <Input
            value={option.label}
            onChange={(event) => setOption(index, { label: event.target.value })}
            aria-label={t('designer.optionLabel', { index: index + 1 })}
            status={invalid(index, 'label')}
            data-testid={`prop-option-label-${index}`}
          />
          <Input
            value={option.value}
            onChange={(event) => setOption(index, { value: event.target.value })}
            aria-label={t('designer.optionValue', { index: index + 1 })}
            status={invalid(index, 'value')}
            className="forms-options__value"
            data-testid={`prop-option-value-${index}`}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('designer.removeOption', { index: index + 1 })}
            onClick={() =>
              onChange({ ...field, options: field.options.filter((_, i) => i !== index) } as AnyField)
            }
            data-testid={`prop-option-remove-${index}`}
          />
        </div>
      ))}
      {field.options.length < FIELD_OPTIONS_MAX ? (
        <Button icon={<PlusOutlined />} onClick={add} data-testid="prop-option-add">
          {t('designer.addOption')}
        </Button>
      ) : null}
    </div>
  );
}

/** The seal's image: uploaded to the project's files (an image only), shown, removed. */
function SealPicker({
  projectId,
  fileId,
  onChange,
}: {
  projectId: string;
  fileId: string | null;
  onChange: (fileId: string | null) => void;
}) {
  const { t } = useTranslation('forms');
  return (
    <div className="forms-seal" data-testid="prop-sealFileId">
      {fileId ? (
        <>
          <img
            className="forms-seal__image"
            src={fileUrl(storedFileUrl(fileId))}
            alt={t('renderer.sealAlt')}
          />
          <Button danger onClick={() => onChange(null)} data-testid="prop-seal-remove">
            {t('props.sealRemove')}
          </Button>
        </>
      ) : (
        <SealUpload projectId={projectId} onChange={onChange} />
      )}
    </div>
  );
}

function SealUpload({ projectId, onChange }: { projectId: string; onChange: (fileId: string) => void }) {
  const { t } = useTranslation('forms');
  return (
    <Upload
      accept="image/png,image/jpeg,image/webp"
      showUploadList={false}
      customRequest={({ file, onError, onSuccess }) => {
        uploadPicture(projectId, file as File)
          .then((url) => {
            onChange(url.split('/').pop() ?? '');
            onSuccess?.(url);
          })
          .catch((error: unknown) => onError?.(new Error(errorMessage(error, t))));
      }}
    >
      <Button icon={<PlusOutlined />} data-testid="prop-seal-upload">
        {t('props.sealUpload')}
      </Button>
    </Upload>
  );
}
