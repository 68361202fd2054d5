import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Select, Tag } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../app/i18n';
import { renderWithProviders } from '../../test/render';
import { setupUser } from '../../test/user';
import { FilterSheet } from './FilterSheet';
import { type ResponsiveColumn, ResponsiveTable } from './ResponsiveTable';

// The shared list of issue 16: a table from 768 px up, cards on a phone from the same columns; the filter
// bar's controls in a bottom sheet on a phone.

const DESKTOP_WIDTH = window.innerWidth;
function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}
afterEach(() => setWidth(DESKTOP_WIDTH));

interface Row {
  id: string;
  name: string;
  state: string;
  due: string;
  secret: string;
}
const LONG = '东区地下室二层外墙防水卷材搭接宽度不足且局部空鼓需返工处理并重新验收';
const rows: Row[] = [
  { id: 'a', name: LONG, state: '待处理', due: '2026-12-01', secret: '内部编号 A' },
  { id: 'b', name: '塔吊基础', state: '已关闭', due: '2026-12-05', secret: '内部编号 B' },
];
const columns: ResponsiveColumn<Row>[] = [
  { key: 'name', title: '标题', dataIndex: 'name', phone: 'title' },
  { key: 'state', title: '状态', render: (_, row) => <Tag>{row.state}</Tag>, phone: 'status' },
  { key: 'due', title: '截止日期', dataIndex: 'due' },
  { key: 'secret', title: '内部', dataIndex: 'secret', phone: 'hidden' },
  {
    key: 'actions',
    title: '操作',
    phone: 'actions',
    render: (_, row) => (
      <button type="button" data-testid={`act-${row.id}`}>
        处理
      </button>
    ),
  },
];

function List({ onOpen, onPage }: { onOpen: (id: string) => void; onPage: (page: number) => void }) {
  const [keys, setKeys] = useState<React.Key[]>([]);
  return (
    <>
      <span data-testid="chosen">{keys.join(',')}</span>
      <ResponsiveTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        aria-label="问题列表"
        onRow={(row) =>
          ({
            'data-testid': `row-${row.id}`,
            onClick: () => onOpen(row.id),
          }) as React.HTMLAttributes<HTMLElement>
        }
        rowSelection={{
          selectedRowKeys: keys,
          onChange: setKeys,
          getCheckboxProps: (row) =>
            ({ disabled: row.id === 'b', 'aria-label': `选择 ${row.name}` }) as object,
        }}
        pagination={{
          current: 1,
          pageSize: 2,
          total: 5,
          showTotal: (count) => `共 ${count} 条`,
          onChange: onPage,
        }}
        data-testid="list"
      />
    </>
  );
}

describe('ResponsiveTable', () => {
  it('is a table on a desktop and cards from the same columns on a phone', async () => {
    const user = setupUser();
    const onOpen = vi.fn();
    const onPage = vi.fn();
    renderWithProviders(<List onOpen={onOpen} onPage={onPage} />);

    // Desktop: antd's table with every column.
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: '内部' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '问题列表' })).not.toBeInTheDocument();

    // Phone: one card per row with the title, the status, the labelled dates and the actions; no hidden column.
    setWidth(390);
    const list = screen.getByRole('list', { name: '问题列表' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = screen.getByTestId('row-a');
    expect(first).toBe(cards[0]);
    expect(first.querySelector('.list-card__title')).toHaveTextContent(LONG);
    expect(first.querySelector('.list-card__status')).toHaveTextContent('待处理');
    expect(within(first).getByText('截止日期')).toBeInTheDocument();
    expect(within(first).getByText('2026-12-01')).toBeInTheDocument();
    expect(first.querySelector('.list-card__actions')).toContainElement(screen.getByTestId('act-a'));
    expect(within(first).queryByText('内部编号 A')).not.toBeInTheDocument();

    // The row's click works from a tap and from the keyboard (the card is focusable when it opens).
    await user.click(first.querySelector('.list-card__meta') as HTMLElement);
    expect(onOpen).toHaveBeenLastCalledWith('a');
    first.focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledTimes(2);

    // Selection: a checkbox per card, disabled where the table's would be; ticking does not open the row.
    await user.click(screen.getByRole('checkbox', { name: `选择 ${LONG}` }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('a');
    expect(screen.getByRole('checkbox', { name: '选择 塔吊基础' })).toBeDisabled();
    expect(onOpen).toHaveBeenCalledTimes(2);

    // Paging: the total and a pager calling the same callback.
    expect(screen.getByText('共 5 条')).toBeInTheDocument();
    await user.click(screen.getByTitle(/next|下一页/i));
    expect(onPage).toHaveBeenCalledWith(2, 2);

    // Back to a desktop width: the table again, the selection kept.
    setWidth(1024);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getByTestId('chosen')).toHaveTextContent('a');
  });

  it('pages rows itself on a phone when the table would (no total), and shows the empty text', async () => {
    setWidth(390);
    const many = Array.from({ length: 25 }, (_, i) => ({ ...rows[1]!, id: `r${i}`, name: `记录 ${i + 1}` }));
    const { rerender } = renderWithProviders(
      <ResponsiveTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={many}
        aria-label="记录"
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />,
    );
    expect(within(screen.getByRole('list', { name: '记录' })).getAllByRole('listitem')).toHaveLength(20);
    fireEvent.click(screen.getByTitle(/next|下一页/i));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: '记录' })).getAllByRole('listitem')).toHaveLength(5),
    );
    expect(screen.getByText('记录 25')).toBeInTheDocument();

    rerender(
      <ResponsiveTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={[]}
        aria-label="记录"
        locale={{ emptyText: <span>没有记录</span> }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />,
    );
    expect(screen.getByText('没有记录')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '记录' })).not.toBeInTheDocument();
  });

  it('sorts on a phone by the columns the table sorts by their header', async () => {
    setWidth(390);
    const onChange = vi.fn();
    const sorted: ResponsiveColumn<Row>[] = [
      ...columns,
      { key: 'createdAt', title: '创建时间', dataIndex: 'due', sorter: true, sortOrder: 'descend' },
    ];
    renderWithProviders(
      <ResponsiveTable<Row>
        rowKey="id"
        columns={sorted}
        dataSource={rows}
        onChange={onChange}
        pagination={false}
      />,
    );
    const sort = screen.getByRole('combobox', { name: '排序' });
    expect(sort.closest('.ant-select')).toHaveTextContent('创建时间（降序）');
    fireEvent.mouseDown(sort);
    fireEvent.click(
      await screen.findByText('创建时间（升序）', { selector: '.ant-select-item-option-content' }),
    );
    expect(onChange).toHaveBeenCalledWith(
      {},
      {},
      expect.objectContaining({ columnKey: 'createdAt', order: 'ascend' }),
      expect.objectContaining({ action: 'sort' }),
    );
  });
});

function Filters({ onClear }: { onClear: () => void }) {
  const [state, setState] = useState<string | undefined>('open');
  return (
    <FilterSheet
      testId="filters"
      active={state ? 1 : 0}
      onClear={() => {
        setState(undefined);
        onClear();
      }}
      search={<input aria-label="搜索" />}
    >
      <Select
        aria-label="状态"
        value={state}
        onChange={setState}
        options={[{ value: 'open', label: '待处理' }]}
        data-testid="filter-state"
      />
    </FilterSheet>
  );
}

const LIVE_ROWS = [
  { id: 'a', name: '外墙渗水', state: 'open' },
  { id: 'b', name: '基础验槽', state: 'done' },
  { id: 'c', name: '外墙保温', state: 'open' },
];

/** A list page's part: the filter changes the rows at once, and the sheet is told how many remain. */
function LiveFilters() {
  const [state, setState] = useState<string | undefined>();
  const rows = LIVE_ROWS.filter((row) => !state || row.state === state);
  return (
    <>
      <FilterSheet
        testId="live"
        active={state ? 1 : 0}
        results={rows.length}
        onClear={() => setState(undefined)}
      >
        <Select
          aria-label="状态"
          allowClear
          value={state}
          onChange={setState}
          options={[
            { value: 'open', label: '待处理' },
            { value: 'done', label: '已完成' },
          ]}
        />
      </FilterSheet>
      <ul data-testid="live-list">
        {rows.map((row) => (
          <li key={row.id}>{row.name}</li>
        ))}
      </ul>
    </>
  );
}

describe('FilterSheet', () => {
  it('keeps the controls in the bar on a desktop and in a bottom sheet on a phone', async () => {
    const user = setupUser();
    const onClear = vi.fn();
    renderWithProviders(<Filters onClear={onClear} />);
    expect(screen.getByTestId('filter-state')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '清除筛选' })).toBeInTheDocument();

    // Phone: the search stays, the controls hide behind a button that counts the active filters.
    setWidth(390);
    expect(screen.getByRole('textbox', { name: '搜索' })).toBeInTheDocument();
    expect(screen.queryByTestId('filter-state')).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: '筛选（已选 1 项）' });
    await user.click(open);
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByTestId('filter-state')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: '清除筛选' }));
    expect(onClear).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: '筛选' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(sheet).getByRole('button', { name: '查看结果' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '筛选' })).toHaveAttribute('aria-expanded', 'false'),
    );
  });

  it('filters live while the sheet is open, counting the results, and "done" closes it', async () => {
    setWidth(390);
    const user = setupUser();
    renderWithProviders(<LiveFilters />);
    await user.click(screen.getByRole('button', { name: '筛选' }));
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByRole('status')).toHaveTextContent('筛选条件改动后立即生效，当前共 3 条结果');
    // A choice filters the list at once: no apply step, the sheet stays open and says the new count.
    await user.click(within(sheet).getByRole('combobox'));
    await user.click(await screen.findByTitle('已完成'));
    expect(screen.getByTestId('live-list')).toHaveTextContent('基础验槽');
    expect(screen.getByTestId('live-list')).not.toHaveTextContent('外墙');
    expect(within(sheet).getByRole('status')).toHaveTextContent('当前共 1 条结果');
    expect(screen.getByRole('button', { name: /^筛选/ })).toHaveAttribute('aria-expanded', 'true');
    // Reset puts every row back, the sheet still open.
    await user.click(within(sheet).getByRole('button', { name: '清除筛选' }));
    expect(within(sheet).getByRole('status')).toHaveTextContent('当前共 3 条结果');
    await user.click(within(sheet).getByRole('button', { name: '查看 3 条结果' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '筛选' })).toHaveAttribute('aria-expanded', 'false'),
    );
  });

  it('counts the results in English, one result in the singular', async () => {
    setWidth(390);
    await act(() => changeLanguage('en-US'));
    try {
      const user = setupUser();
      renderWithProviders(<LiveFilters />);
      await user.click(screen.getByRole('button', { name: 'Filter' }));
      const sheet = await screen.findByRole('dialog');
      expect(within(sheet).getByRole('button', { name: 'Show 3 results' })).toBeInTheDocument();
      await user.click(within(sheet).getByRole('combobox'));
      await user.click(await screen.findByTitle('已完成'));
      expect(within(sheet).getByRole('status')).toHaveTextContent(
        'Changes apply as you make them: 1 result now',
      );
      expect(within(sheet).getByRole('button', { name: 'Show 1 result' })).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('zh-CN'));
    }
  });

  it('speaks English on the phone button', async () => {
    setWidth(390);
    await act(() => changeLanguage('en-US'));
    try {
      renderWithProviders(<Filters onClear={() => {}} />);
      expect(screen.getByRole('button', { name: 'Filter (1 active)' })).toHaveTextContent('Filter');
    } finally {
      await act(() => changeLanguage('zh-CN'));
    }
  });
});
