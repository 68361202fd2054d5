import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { FIELD_KINDS, type FieldKind, FORM_FIELDS_MAX, type FormField } from '@lintel/contracts/forms';
import { Badge, Button, Empty, Segmented, Space, Typography } from 'antd';
import { type DragEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import {
  allKeys,
  createField,
  definitionProblems,
  insertAt,
  moveItem,
  removeAt,
  replaceAt,
} from '../designerModel';
import '../locales';
import '../forms.css';
import { FieldProperties } from './FieldProperties';
import { FormRenderer, useFormFill } from './FormRenderer';

/** What a drag carries: a kind from the palette, or a placed field's index. */
const KIND_TYPE = 'application/x-lintel-field-kind';
const INDEX_TYPE = 'application/x-lintel-field-index';

interface FormDesignerProps {
  fields: readonly FormField[];
  onChange: (fields: FormField[]) => void;
  projectId: string;
}

/**
 * A form template's fields designed: the sixteen kinds in a palette (click to add after the selected field,
 * or drag to a place), the form in the middle (drag or the arrow buttons to reorder; delete after asking),
 * the selected field's properties beside it with their problems, and a preview on a desktop or in a
 * 390 px phone frame through the same renderer the form is filled in with.
 */
export function FormDesigner({ fields, onChange, projectId }: FormDesignerProps) {
  const { t } = useTranslation('forms');
  const [selected, setSelected] = useState<number | null>(fields.length > 0 ? 0 : null);
  const [mode, setMode] = useState<'design' | 'desktop' | 'phone'>('design');
  const [dropAt, setDropAt] = useState<number | null>(null);
  const problems = useMemo(() => definitionProblems(fields), [fields]);
  const full = fields.length >= FORM_FIELDS_MAX;

  const add = (kind: FieldKind, at = selected === null ? fields.length : selected + 1) => {
    if (full) return;
    const field = createField(kind, allKeys(fields), {
      title: t(`kinds.${kind}`),
      option: (n) => t('designer.newOption', { index: n }),
      columnTitle: t('designer.newColumn'),
    });
    onChange(insertAt(fields, field, at));
    setSelected(Math.min(at, fields.length));
  };
  const move = (from: number, to: number) => {
    const target = to > from ? to - 1 : to;
    onChange(moveItem(fields, from, target));
    setSelected(Math.max(0, Math.min(target, fields.length - 1)));
  };
  const remove = (index: number) => {
    onChange(removeAt(fields, index));
    setSelected(fields.length > 1 ? Math.min(index, fields.length - 2) : null);
  };

  const onDragOver = (event: DragEvent, index: number) => {
    const types = event.dataTransfer.types;
    if (!types.includes(KIND_TYPE) && !types.includes(INDEX_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = types.includes(KIND_TYPE) ? 'copy' : 'move';
    setDropAt(index);
  };
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    setDropAt(null);
    const kind = event.dataTransfer.getData(KIND_TYPE) as FieldKind;
    if (kind && (FIELD_KINDS as readonly string[]).includes(kind)) {
      add(kind, index);
      return;
    }
    const from = Number(event.dataTransfer.getData(INDEX_TYPE));
    if (event.dataTransfer.getData(INDEX_TYPE) !== '' && Number.isInteger(from)) move(from, index);
  };

  const field = selected === null ? undefined : fields[selected];
  return (
    <div className="forms-designer" data-testid="form-designer">
      <div className="forms-designer__toolbar">
        <Segmented
          value={mode}
          onChange={(value) => setMode(value as typeof mode)}
          options={[
            { value: 'design', label: t('designer.modeDesign') },
            { value: 'desktop', label: t('designer.desktop') },
            { value: 'phone', label: t('designer.phone') },
          ]}
          data-testid="designer-mode"
        />
      </div>
      {mode === 'design' ? (
        <div className="forms-designer__body">
          <section className="forms-designer__palette" aria-label={t('designer.palette')}>
            <Typography.Title level={5}>{t('designer.palette')}</Typography.Title>
            <div className="forms-designer__kinds">
              {FIELD_KINDS.map((kind) => (
                <Button
                  key={kind}
                  draggable={!full}
                  disabled={full}
                  onDragStart={(event) => {
                    event.dataTransfer.setData(KIND_TYPE, kind);
                    event.dataTransfer.effectAllowed = 'copy';
                  }}
                  onDragEnd={() => setDropAt(null)}
                  onClick={() => add(kind)}
                  aria-label={t('designer.add', { kind: t(`kinds.${kind}`) })}
                  data-testid={`palette-${kind}`}
                >
                  {t(`kinds.${kind}`)}
                </Button>
              ))}
            </div>
          </section>
          <section className="forms-designer__canvas" aria-label={t('designer.canvas')}>
            <Typography.Title level={5}>{t('designer.canvas')}</Typography.Title>
            <ol className="forms-designer__fields" data-testid="designer-fields">
              {fields.map((item, index) => {
                const count = problems.get(index)?.length ?? 0;
                const title = item.title || item.key;
                return (
                  <li
                    // Two fields may share a key while it is being typed (a problem shown on it).
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    key={`${item.key}-${index}`}
                    className={[
                      'forms-designer__field',
                      index === selected ? 'forms-designer__field--selected' : '',
                      dropAt === index ? 'forms-designer__field--drop' : '',
                    ].join(' ')}
                    draggable
                    onDragStart={(event) => {
                      event.dataTransfer.setData(INDEX_TYPE, String(index));
                      event.dataTransfer.effectAllowed = 'move';
                    }}
                    onDragEnd={() => setDropAt(null)}
                    onDragOver={(event) => onDragOver(event, index)}
                    onDragLeave={() => setDropAt(null)}
                    onDrop={(event) => onDrop(event, index)}
                    data-testid={`designer-field-${index}`}
                    data-key={item.key}
                  >
                    <HolderOutlined className="forms-designer__handle" aria-label={t('designer.dragHint')} />
                    <button
                      type="button"
                      className="forms-designer__select"
                      onClick={() => setSelected(index)}
                      aria-pressed={index === selected}
                      aria-label={t('designer.select', { title })}
                      data-testid={`designer-select-${index}`}
                    >
                      <span className="forms-designer__title">
                        {'required' in item && item.required ? (
                          <span className="forms-required">*</span>
                        ) : null}
                        {title}
                      </span>
                      <span className="forms-designer__kind">{t(`kinds.${item.kind}`)}</span>
                      {count > 0 ? (
                        <Badge
                          count={count}
                          title={t('designer.problems', { count })}
                          data-testid={`designer-problems-${index}`}
                        />
                      ) : null}
                    </button>
                    <Space size={0}>
                      <Button
                        type="text"
                        icon={<ArrowUpOutlined />}
                        disabled={index === 0}
                        aria-label={t('designer.moveUp', { title })}
                        onClick={() => move(index, index - 1)}
                        data-testid={`designer-up-${index}`}
                      />
                      <Button
                        type="text"
                        icon={<ArrowDownOutlined />}
                        disabled={index === fields.length - 1}
                        aria-label={t('designer.moveDown', { title })}
                        onClick={() => move(index, index + 2)}
                        data-testid={`designer-down-${index}`}
                      />
                      <ConfirmDanger
                        title={t('designer.removeConfirm', { title })}
                        description={t('designer.removeConfirmHint')}
                        okTestId="designer-remove-confirm"
                        onConfirm={() => remove(index)}
                      >
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('designer.remove', { title })}
                          data-testid={`designer-remove-${index}`}
                        />
                      </ConfirmDanger>
                    </Space>
                  </li>
                );
              })}
              <li
                className={`forms-designer__end${dropAt === fields.length ? ' forms-designer__field--drop' : ''}`}
                onDragOver={(event) => onDragOver(event, fields.length)}
                onDragLeave={() => setDropAt(null)}
                onDrop={(event) => onDrop(event, fields.length)}
                data-testid="designer-drop-end"
              >
                {fields.length === 0 ? (
                  <Empty description={t('designer.emptyCanvas')} />
                ) : (
                  t('designer.dropHere')
                )}
              </li>
            </ol>
          </section>
          <section className="forms-designer__properties" aria-label={t('designer.properties')}>
            <Typography.Title level={5}>{t('designer.properties')}</Typography.Title>
            {field && selected !== null ? (
              <FieldProperties
                // A new selection starts its own panel (a column being edited belongs to its sub-list).
                key={`${selected}-${field.kind}`}
                field={field}
                projectId={projectId}
                problems={problems.get(selected) ?? []}
                onChange={(next) => onChange(replaceAt(fields, selected, next as FormField))}
              />
            ) : (
              <Typography.Text type="secondary">{t('designer.noSelection')}</Typography.Text>
            )}
          </section>
        </div>
      ) : (
        <FormPreview fields={fields} projectId={projectId} phone={mode === 'phone'} />
      )}
    </div>
  );
}

/** The form as it will be filled in, in a desktop column or a 390 px phone frame; entered values stay here. */
function FormPreview({
  fields,
  projectId,
  phone,
}: {
  fields: readonly FormField[];
  projectId: string;
  phone: boolean;
}) {
  const { t } = useTranslation('forms');
  const fill = useFormFill(fields);
  return (
    <section
      className={`forms-preview${phone ? ' forms-preview--phone' : ''}`}
      aria-label={t('designer.previewTitle')}
      data-testid={phone ? 'preview-phone' : 'preview-desktop'}
    >
      <FormRenderer
        fields={fields}
        projectId={projectId}
        values={fill.values}
        onChange={fill.onChange}
        problems={fill.problems}
        layout={phone ? 'phone' : 'auto'}
        testId="preview-form"
      />
      <Button type="primary" onClick={() => fill.validate()} data-testid="preview-check">
        {t('designer.previewCheck')}
      </Button>
    </section>
  );
}
