import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormFieldOf, SubListColumn } from '@lintel/contracts/forms';
import { Button, Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { newRow, type RendererProblem } from '../formValues';
import { FieldControl } from './FieldControl';
import { FieldDisplay } from './FieldDisplay';
import { ProblemText } from './ProblemText';

type Row = Record<string, unknown>;

interface SubListFieldProps {
  field: FormFieldOf<'subList'>;
  projectId: string;
  rows: Row[];
  onChange?: (rows: Row[]) => void;
  /** This field's problems (`items`, `items[2].qty`). */
  problems: readonly RendererProblem[];
  /** Cards instead of a table (phones and the phone preview). */
  phone: boolean;
  readOnly: boolean;
  testId: string;
}

/** The sum of a number column, shown with the column's own decimal places. */
function total(rows: readonly Row[], column: SubListColumn): string {
  const sum = rows.reduce(
    (acc, row) => acc + (typeof row[column.key] === 'number' ? (row[column.key] as number) : 0),
    0,
  );
  const places = column.kind === 'number' ? column.precision : 0;
  return `${sum.toFixed(places)}${column.kind === 'number' && column.unit ? ` ${column.unit}` : ''}`;
}

/**
 * A sub-list: rows of its own columns, added and removed here, as a table on a wide screen and as one card
 * per row on a phone. Each cell shows its own problem (`items[2].qty`), the list its count problems.
 */
export function SubListField({
  field,
  projectId,
  rows,
  onChange,
  problems,
  phone,
  readOnly,
  testId,
}: SubListFieldProps) {
  const { t } = useTranslation('forms');
  const cellProblem = (index: number, key: string) =>
    problems.find((problem) => problem.path === `${field.key}[${index}].${key}`);
  const setCell = (index: number, key: string, value: unknown) =>
    onChange?.(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  const canAdd = !readOnly && rows.length < (field.maxRows ?? 500);
  const totals = field.columns.filter(
    (column) => field.totals?.includes(column.key) && column.kind === 'number',
  );

  const cell = (row: Row, index: number, column: SubListColumn) => {
    const cellTestId = `${testId}-${index}-${column.key}`;
    if (readOnly)
      return (
        <FieldDisplay field={column} value={row[column.key]} projectId={projectId} testId={cellTestId} />
      );
    const problem = cellProblem(index, column.key);
    return (
      <div className="forms-sublist__cell">
        <FieldControl
          field={column}
          projectId={projectId}
          value={row[column.key]}
          onChange={(value) => setCell(index, column.key, value)}
          id={`${field.key}-${index}-${column.key}`}
          testId={cellTestId}
          invalid={Boolean(problem)}
        />
        {problem ? <ProblemText problem={problem} title={column.title} /> : null}
      </div>
    );
  };

  const remove = (index: number) => (
    <Button
      type="text"
      danger
      icon={<DeleteOutlined />}
      aria-label={t('renderer.removeRow', { index: index + 1 })}
      onClick={() => onChange?.(rows.filter((_, i) => i !== index))}
      data-testid={`${testId}-remove-${index}`}
    />
  );

  const footer = (
    <div className="forms-sublist__footer">
      {totals.length > 0 ? (
        <span className="forms-sublist__totals" data-testid={`${testId}-totals`}>
          {t('renderer.total')}:{' '}
          {totals.map((column) => (
            <span key={column.key}>
              {column.title} {total(rows, column)}
            </span>
          ))}
        </span>
      ) : null}
      {canAdd ? (
        <Button
          icon={<PlusOutlined />}
          onClick={() => onChange?.([...rows, newRow(field.columns)])}
          data-testid={`${testId}-add`}
        >
          {t('renderer.addRow')}
        </Button>
      ) : null}
      <Typography.Text type="secondary">{t('renderer.rowsHint', { count: rows.length })}</Typography.Text>
    </div>
  );

  if (phone) {
    return (
      <div className="forms-sublist forms-sublist--cards" data-testid={testId}>
        {rows.map((row, index) => (
          <Card
            // Rows have no ids of their own; the index is what the paths name too.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            size="small"
            title={t('renderer.row', { index: index + 1 })}
            extra={readOnly ? null : remove(index)}
            data-testid={`${testId}-row`}
          >
            {field.columns.map((column) => (
              <div key={column.key} className="forms-sublist__card-item">
                <div className="forms-sublist__card-label">
                  {column.required && !readOnly ? <span className="forms-required">*</span> : null}
                  {column.title}
                </div>
                {cell(row, index, column)}
              </div>
            ))}
          </Card>
        ))}
        {footer}
      </div>
    );
  }

  return (
    <div className="forms-sublist" data-testid={testId}>
      <Table<Row & { __index: number }>
        size="small"
        bordered
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowKey="__index"
        dataSource={rows.map((row, index) => ({ ...row, __index: index }))}
        onRow={() => ({ 'data-testid': `${testId}-row` }) as never}
        locale={{ emptyText: t('renderer.noRows') }}
        columns={[
          { title: '#', key: '__n', width: 48, render: (_value, row) => row.__index + 1 },
          ...field.columns.map((column) => ({
            key: column.key,
            title: (
              <span>
                {column.required && !readOnly ? <span className="forms-required">*</span> : null}
                {column.title}
              </span>
            ),
            render: (_value: unknown, row: Row & { __index: number }) => cell(row, row.__index, column),
            width: column.kind === 'image' || column.kind === 'attachment' ? 260 : 180,
          })),
          ...(readOnly
            ? []
            : [
                {
                  key: '__remove',
                  width: 56,
                  render: (_value: unknown, row: Row & { __index: number }) => remove(row.__index),
                },
              ]),
        ]}
      />
      {footer}
    </div>
  );
}
