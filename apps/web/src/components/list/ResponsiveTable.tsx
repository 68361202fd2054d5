import './locales';
import './list.css';
import { Checkbox, Empty, Pagination, Select, Spin, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TablePaginationConfig } from 'antd/es/table/interface';
import {
  type HTMLAttributes,
  isValidElement,
  type Key,
  type KeyboardEvent,
  type ReactNode,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../lib/useIsPhone';

/**
 * Where a column's cell goes on a phone's card: `title` (the card's heading, full width, wraps as text),
 * `status` (beside the heading), `meta` (a labelled line below: dates, who, unit — the default),
 * `actions` (the card's footer) or `hidden` (desktop only).
 */
export type PhoneRole = 'title' | 'status' | 'meta' | 'actions' | 'hidden';

/** An antd column plus where it goes on a phone's card. Only leaf columns (no column groups). */
export type ResponsiveColumn<T> = ColumnType<T> & { phone?: PhoneRole };

export interface ResponsiveTableProps<T extends object>
  extends Omit<TableProps<T>, 'columns' | 'rowKey' | 'pagination'> {
  columns: ResponsiveColumn<T>[];
  rowKey: string | ((row: T) => Key);
  pagination?: false | TablePaginationConfig;
  'aria-label'?: string;
  'data-testid'?: string;
}

function keyOf<T extends object>(row: T, rowKey: ResponsiveTableProps<T>['rowKey']): Key {
  return typeof rowKey === 'function' ? rowKey(row) : (row as Record<string, Key>)[rowKey]!;
}

function cellValue<T extends object>(row: T, column: ResponsiveColumn<T>): unknown {
  const path = column.dataIndex;
  if (path === undefined || path === null) return undefined;
  const keys = Array.isArray(path) ? path : [path];
  let value: unknown = row;
  for (const key of keys) value = (value as Record<string, unknown> | undefined)?.[key as string];
  return value;
}

/** What a column shows for a row: its render (a cell object's children) or the value at its dataIndex. */
function cellOf<T extends object>(row: T, index: number, column: ResponsiveColumn<T>): ReactNode {
  const value = cellValue(row, column);
  if (!column.render) return value as ReactNode;
  const rendered = column.render(value, row, index) as unknown;
  if (
    rendered !== null &&
    typeof rendered === 'object' &&
    !isValidElement(rendered) &&
    !Array.isArray(rendered) &&
    'children' in rendered
  ) {
    return (rendered as { children: ReactNode }).children;
  }
  return rendered as ReactNode;
}

function titleOf<T extends object>(column: ResponsiveColumn<T>): ReactNode {
  return typeof column.title === 'function' ? null : (column.title as ReactNode);
}

/**
 * A list that is an antd `Table` from 768 px up and a list of cards on a phone, from the same columns: each
 * column says where it goes on the card (`phone`). Row attributes (`onRow`: test ids, classes, a click),
 * selection (`rowSelection`: a checkbox per card), pagination (same config and callbacks), loading and the
 * empty text work in both. The document never gets wider than the phone: cards wrap their text.
 */
export function ResponsiveTable<T extends object>(props: ResponsiveTableProps<T>) {
  const isPhone = useIsPhone();
  const { columns, ...rest } = props;
  const tableColumns = useMemo(
    () => columns.map(({ phone: _phone, ...column }) => column as ColumnType<T>) as TableProps<T>['columns'],
    [columns],
  );
  if (!isPhone) return <Table<T> {...rest} columns={tableColumns} />;
  return <CardList<T> {...props} />;
}

function CardList<T extends object>({
  columns,
  dataSource,
  rowKey,
  loading,
  onRow,
  rowSelection,
  pagination,
  onChange,
  locale,
  className,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: ResponsiveTableProps<T>) {
  const { t } = useTranslation();
  const all = dataSource ?? [];
  // Without a total the table pages the rows itself (client-side): so do the cards.
  const local = pagination !== undefined && pagination !== false && pagination.total === undefined;
  const [localPage, setLocalPage] = useState(1);
  const pageSize = (pagination ? pagination.pageSize : undefined) || 10;
  const lastPage = Math.max(1, Math.ceil(all.length / pageSize));
  const page = local ? Math.min(localPage, lastPage) : 1;
  const rows = local ? all.slice((page - 1) * pageSize, page * pageSize) : all;
  const paging =
    pagination && local ? { ...pagination, current: page, pageSize, total: all.length } : pagination;
  const role = (column: ResponsiveColumn<T>): PhoneRole => column.phone ?? 'meta';
  const titles = columns.filter((c) => role(c) === 'title');
  const statuses = columns.filter((c) => role(c) === 'status');
  const metas = columns.filter((c) => role(c) === 'meta');
  const actions = columns.filter((c) => role(c) === 'actions');
  const selected = new Set(rowSelection?.selectedRowKeys ?? []);
  const spinning = typeof loading === 'object' ? Boolean(loading.spinning) : Boolean(loading);

  const toggle = (row: T, checked: boolean) => {
    if (!rowSelection?.onChange) return;
    const key = keyOf(row, rowKey);
    const onPage = new Set(rows.map((r) => keyOf(r, rowKey)));
    // Like the table: without preserveSelectedRowKeys only the rows on this page stay chosen.
    let keys = [...selected].filter((k) => rowSelection.preserveSelectedRowKeys || onPage.has(k));
    keys = checked ? [...keys.filter((k) => k !== key), key] : keys.filter((k) => k !== key);
    const chosen = rows.filter((r) => keys.includes(keyOf(r, rowKey)));
    rowSelection.onChange(keys, chosen, { type: 'single' });
  };

  // A column the table sorts by its header: on a phone, a select above the cards does the same.
  const sortable = columns.filter((c) => c.sorter && c.sortOrder !== undefined);
  const sortTo = (value: string) => {
    const [columnKey, order] = value.split(':') as [string, 'ascend' | 'descend'];
    const column = sortable.find((c) => String(c.key) === columnKey);
    onChange?.(
      pagination ? { ...pagination } : {},
      {},
      { column, columnKey, order, field: column?.dataIndex as never },
      { action: 'sort', currentDataSource: rows as T[] },
    );
  };

  const changePage = (current: number, pageSize: number) => {
    if (!pagination) return;
    if (local) setLocalPage(current);
    pagination.onChange?.(current, pageSize);
    onChange?.(
      { ...pagination, current, pageSize },
      {},
      {},
      { action: 'paginate', currentDataSource: rows as T[] },
    );
  };

  const empty =
    locale?.emptyText !== undefined ? (
      typeof locale.emptyText === 'function' ? (
        locale.emptyText()
      ) : (
        locale.emptyText
      )
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
    );

  return (
    <div className={['list-cards', className].filter(Boolean).join(' ')} data-testid={testId}>
      {sortable.length > 0 ? (
        <Select<string>
          className="list-cards__sort"
          aria-label={t('list:sort.label')}
          value={sortable
            .filter((c) => c.sortOrder)
            .map((c) => `${String(c.key)}:${c.sortOrder}`)
            .at(0)}
          onChange={sortTo}
          options={sortable.flatMap((c) => [
            {
              value: `${String(c.key)}:descend`,
              label: t('list:sort.descend', {
                column: typeof c.title === 'string' ? c.title : String(c.key),
              }),
            },
            {
              value: `${String(c.key)}:ascend`,
              label: t('list:sort.ascend', { column: typeof c.title === 'string' ? c.title : String(c.key) }),
            },
          ])}
          data-testid={testId ? `${testId}-sort` : undefined}
        />
      ) : null}
      <Spin spinning={spinning}>
        {rows.length === 0 ? (
          <div className="list-cards__empty">{empty}</div>
        ) : (
          <ul className="list-cards__list" aria-label={ariaLabel}>
            {rows.map((row, index) => {
              const key = keyOf(row, rowKey);
              const attributes = (onRow?.(row, index) ?? {}) as HTMLAttributes<HTMLElement> &
                Record<string, unknown>;
              const { className: rowClass, onClick, ...others } = attributes;
              const checkbox = rowSelection?.getCheckboxProps?.(row) as
                | ({ disabled?: boolean } & Record<string, unknown>)
                | undefined;
              const clickable = Boolean(onClick);
              return (
                <li
                  key={key}
                  {...(others as HTMLAttributes<HTMLLIElement>)}
                  className={['list-card', clickable ? 'list-card--clickable' : '', rowClass]
                    .filter(Boolean)
                    .join(' ')}
                  onClick={onClick as HTMLAttributes<HTMLLIElement>['onClick']}
                  tabIndex={clickable ? 0 : undefined}
                  onKeyDown={
                    clickable
                      ? (event: KeyboardEvent<HTMLLIElement>) => {
                          if (event.target !== event.currentTarget) return;
                          if (event.key === 'Enter' || event.key === ' ') {
                            event.preventDefault();
                            event.currentTarget.click();
                          }
                        }
                      : undefined
                  }
                >
                  <div className="list-card__head">
                    {rowSelection ? (
                      <Checkbox
                        className="list-card__check"
                        checked={selected.has(key)}
                        disabled={checkbox?.disabled}
                        aria-label={(checkbox?.['aria-label'] as string | undefined) ?? t('list:card.select')}
                        onClick={(event) => event.stopPropagation()}
                        onChange={(event) => toggle(row, event.target.checked)}
                      />
                    ) : null}
                    <div className="list-card__title">
                      {titles.map((column, i) => (
                        <div key={String(column.key ?? i)} className="list-card__title-part">
                          {cellOf(row, index, column)}
                        </div>
                      ))}
                    </div>
                    {statuses.length > 0 ? (
                      <div className="list-card__status">
                        {statuses.map((column, i) => (
                          <span key={String(column.key ?? i)}>{cellOf(row, index, column)}</span>
                        ))}
                      </div>
                    ) : null}
                  </div>
                  {metas.length > 0 ? (
                    <dl className="list-card__meta">
                      {metas.map((column, i) => (
                        <div key={String(column.key ?? i)} className="list-card__meta-item">
                          <dt>{titleOf(column)}</dt>
                          <dd>{cellOf(row, index, column)}</dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                  {actions.length > 0 ? (
                    <div className="list-card__actions">
                      {actions.map((column, i) => (
                        <div key={String(column.key ?? i)}>{cellOf(row, index, column)}</div>
                      ))}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </Spin>
      {paging ? <CardPagination pagination={paging} count={rows.length} onPage={changePage} /> : null}
    </div>
  );
}

/** The total and, when there is more than one page, a compact pager that fits 390 px. */
function CardPagination({
  pagination,
  count,
  onPage,
}: {
  pagination: TablePaginationConfig;
  count: number;
  onPage: (current: number, pageSize: number) => void;
}) {
  const total = pagination.total ?? count;
  const pageSize = pagination.pageSize ?? 10;
  const current = pagination.current ?? 1;
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);
  const totalText = pagination.showTotal?.(total, [from, to]);
  if (total <= pageSize && (pagination.hideOnSinglePage || !totalText)) return null;
  return (
    <div className="list-cards__pagination">
      {totalText ? <span className="list-cards__total">{totalText}</span> : null}
      {total > pageSize ? (
        <Pagination simple current={current} pageSize={pageSize} total={total} onChange={onPage} />
      ) : null}
    </div>
  );
}
