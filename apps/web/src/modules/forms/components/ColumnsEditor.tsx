import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  type FormField,
  type FormFieldOf,
  SUB_LIST_COLUMN_KINDS,
  SUB_LIST_COLUMNS_MAX,
  type SubListColumn,
} from '@lintel/contracts/forms';
import { Badge, Button, Card, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { allKeys, createField, moveItem, type PropertyProblem, removeAt, replaceAt } from '../designerModel';
import { FieldProperties } from './FieldProperties';

interface ColumnsEditorProps {
  field: FormFieldOf<'subList'>;
  onChange: (field: FormField) => void;
  /** The sub-list's problems; a column's are those under `columns.<index>.`. */
  problems: readonly PropertyProblem[];
  projectId: string;
}

/** A sub-list's columns: added by kind, reordered, deleted after asking, each edited with its own properties. */
export function ColumnsEditor({ field, onChange, problems, projectId }: ColumnsEditorProps) {
  const { t } = useTranslation('forms');
  const [editing, setEditing] = useState<number | null>(null);
  const [kind, setKind] = useState<SubListColumn['kind']>('text');
  const setColumns = (columns: SubListColumn[]) => {
    // A total names a number column: one deleted or changed to another kind is dropped from the totals.
    const numbers = new Set(columns.filter((c) => c.kind === 'number').map((c) => c.key));
    const totals = field.totals?.filter((key) => numbers.has(key));
    const next: FormFieldOf<'subList'> = { ...field, columns };
    if (totals && totals.length > 0) next.totals = totals;
    else delete next.totals;
    onChange(next);
  };
  const columnProblems = (index: number) =>
    problems
      .filter((problem) => problem.property.startsWith(`columns.${index}.`))
      .map((problem) => ({ ...problem, property: problem.property.slice(`columns.${index}.`.length) }));

  const column = editing === null ? undefined : field.columns[editing];
  if (editing !== null && column) {
    return (
      <Card
        size="small"
        title={t('designer.columnOf', { title: field.title })}
        extra={
          <Button type="link" onClick={() => setEditing(null)} data-testid="column-back">
            {t('designer.backToField')}
          </Button>
        }
        data-testid="column-properties"
      >
        <FieldProperties
          field={column}
          column
          projectId={projectId}
          problems={columnProblems(editing)}
          onChange={(next) => setColumns(replaceAt(field.columns, editing, next as SubListColumn))}
        />
      </Card>
    );
  }

  const add = () => {
    const texts = {
      title: t(`kinds.${kind}`),
      option: (n: number) => t('designer.newOption', { index: n }),
      columnTitle: '',
    };
    const created = createField(kind, allKeys(field.columns), texts) as SubListColumn;
    setColumns([...field.columns, created]);
  };

  return (
    <div className="forms-columns" data-testid="columns-editor">
      <div className="forms-columns__heading">{t('designer.columns')}</div>
      <ol className="forms-columns__list">
        {field.columns.map((c, index) => {
          const count = columnProblems(index).length;
          const title = c.title || c.key;
          return (
            // Two columns may share a key while it is being typed (a problem shown on it): the index keeps them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={`${c.key}-${index}`} className="forms-columns__item" data-testid={`column-${index}`}>
              <span className="forms-columns__title">
                {title} <span className="forms-columns__kind">{t(`kinds.${c.kind}`)}</span>
                {count > 0 ? <Badge count={count} title={t('designer.problems', { count })} /> : null}
              </span>
              <Space size={0}>
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={t('designer.editColumn', { title })}
                  onClick={() => setEditing(index)}
                  data-testid={`column-edit-${index}`}
                />
                <Button
                  type="text"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  aria-label={t('designer.moveUp', { title })}
                  onClick={() => setColumns(moveItem(field.columns, index, index - 1))}
                  data-testid={`column-up-${index}`}
                />
                <Button
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={index === field.columns.length - 1}
                  aria-label={t('designer.moveDown', { title })}
                  onClick={() => setColumns(moveItem(field.columns, index, index + 1))}
                  data-testid={`column-down-${index}`}
                />
                <ConfirmDanger
                  title={t('designer.removeConfirm', { title })}
                  okTestId={`column-remove-confirm-${index}`}
                  onConfirm={() => setColumns(removeAt(field.columns, index))}
                >
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('designer.removeColumn', { title })}
                    data-testid={`column-remove-${index}`}
                  />
                </ConfirmDanger>
              </Space>
            </li>
          );
        })}
      </ol>
      {field.columns.length < SUB_LIST_COLUMNS_MAX ? (
        <Space.Compact className="forms-columns__add">
          <Select
            value={kind}
            onChange={setKind}
            options={SUB_LIST_COLUMN_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
            aria-label={t('designer.columnKind')}
            style={{ minWidth: 140 }}
            data-testid="column-kind"
          />
          <Button icon={<PlusOutlined />} onClick={add} data-testid="column-add">
            {t('designer.addColumn')}
          </Button>
        </Space.Compact>
      ) : null}
    </div>
  );
}
