import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getInstanceByDom } from 'echarts/core';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApiForFile, requestsTo } from '../../../test/project';
import {
  FILE_ID,
  ITEM_ID,
  makeViolation,
  PROJECT_API,
  PROJECT_ID,
  RECORD_ID,
  renderAttendance,
  resetState,
  SERVICE,
  serveAttendance,
  state,
  TYPE_ID,
  TYPE2_ID,
  VIOLATIONS,
  WORKER_ID,
} from '../testSupport';

const api = fakeApiForFile(serveAttendance, resetState);
const LIST = `${PROJECT_API}/violationRecords`;

async function pick(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options.at(-1)!);
}

const DESKTOP_WIDTH = window.innerWidth;
function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}
afterEach(() => setWidth(DESKTOP_WIDTH));

describe('violation records', { timeout: 60_000 }, () => {
  it('on a phone: the filter sheet counts the records for the filters as they change', async () => {
    setWidth(390);
    state.violations = [makeViolation()];
    renderAttendance(VIOLATIONS);
    await screen.findByTestId(`violation-row-${RECORD_ID}`);
    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByRole('status')).toHaveTextContent('当前共 1 条结果');
    await pick('violations-filter-type', '文明施工');
    await waitFor(() => expect(within(sheet).getByRole('status')).toHaveTextContent('当前共 0 条结果'));
    expect(within(sheet).getByRole('button', { name: '查看 0 条结果' })).toBeInTheDocument();
  });

  it('lists the records, filters by type and deletes after a confirmation', async () => {
    state.violations = [makeViolation()];
    renderAttendance(VIOLATIONS);
    const row = await screen.findByTestId(`violation-row-${RECORD_ID}`);
    expect(row).toHaveTextContent('王建国');
    expect(row).toHaveTextContent('安全防护 / 未戴安全帽');
    expect(row).toHaveTextContent('演示用户');

    await pick('violations-filter-type', '文明施工');
    await waitFor(() =>
      expect(requestsTo(api, 'GET', LIST).some((r) => r.query.get('typeId') === TYPE2_ID)).toBe(true),
    );
    expect(await screen.findByTestId('violations-empty')).toHaveTextContent('没有符合条件的违章记录');
    await pick('violations-filter-type', '安全防护');
    fireEvent.click(await screen.findByTestId(`violation-delete-${RECORD_ID}`));
    fireEvent.click(await screen.findByTestId(`violation-delete-confirm-${RECORD_ID}`));
    await waitFor(() =>
      expect(requestsTo(api, 'DELETE', `${SERVICE}/violationRecords/${RECORD_ID}`)).toHaveLength(1),
    );
    expect(await screen.findByTestId('violations-empty')).toBeInTheDocument();
  });

  it('edits a record: the form starts from its values and the save sends them without the project', async () => {
    state.violations = [
      makeViolation({
        photos: [
          {
            _id: FILE_ID,
            name: 'p.png',
            size: 1,
            contentType: 'image/png',
            url: `/api/v1/base-service/files/${FILE_ID}`,
          },
        ],
      }),
    ];
    renderAttendance(VIOLATIONS);
    fireEvent.click(await screen.findByTestId(`violation-edit-${RECORD_ID}`));
    const dialog = await screen.findByTestId('violation-dialog');
    expect(within(dialog).getByText('编辑违章记录')).toBeInTheDocument();
    expect(within(dialog).getByText('未戴安全帽')).toBeInTheDocument();
    expect(within(dialog).getByText('王建国')).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('violation-photos-item')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('violation-description'), { target: { value: '未系安全带' } });
    fireEvent.click(screen.getByTestId('violation-submit'));
    await waitFor(() =>
      expect(requestsTo(api, 'PUT', `${SERVICE}/violationRecords/${RECORD_ID}`)).toHaveLength(1),
    );
    expect(requestsTo(api, 'PUT', `${SERVICE}/violationRecords/${RECORD_ID}`)[0]!.body).toEqual({
      date: '2026-11-18',
      personId: WORKER_ID,
      typeId: TYPE_ID,
      itemId: ITEM_ID,
      description: '未系安全带',
      photos: [FILE_ID],
    });
    await waitFor(() => expect(screen.queryByTestId('violation-dialog')).not.toBeInTheDocument());
  });

  it('draws the statistics by type, by unit and by month', async () => {
    renderAttendance(VIOLATIONS);
    fireEvent.click(await screen.findByRole('tab', { name: '违章统计' }));
    const chart = await screen.findByTestId('violation-chart-type');
    const option = getInstanceByDom(chart)?.getOption() as { series: Array<{ data: number[] }> };
    expect(option.series[0]!.data).toEqual([3]);
    expect(screen.getByTestId('violations-total')).toHaveTextContent('3');
  });

  it('the form needs its fields and offers only the chosen type’s items', async () => {
    renderAttendance(VIOLATIONS);
    fireEvent.click(await screen.findByTestId('violation-create'));
    const dialog = await screen.findByTestId('violation-dialog');
    expect(within(dialog).getByTestId('violation-recorder')).toHaveTextContent('记录人：演示用户');

    fireEvent.click(screen.getByTestId('violation-submit'));
    expect(await within(dialog).findByText('请选择违章人员')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择违章类型')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择违章条目')).toBeInTheDocument();
    expect(within(dialog).getByText('请填写违章描述')).toBeInTheDocument();
    expect(requestsTo(api, 'POST', `${SERVICE}/violationRecords`)).toHaveLength(0);

    // No type, no item to choose; a type offers its own items only.
    expect(within(screen.getByTestId('violation-item')).getByRole('combobox')).toBeDisabled();
    await pick('violation-type', '安全防护');
    await waitFor(() =>
      expect(within(screen.getByTestId('violation-item')).getByRole('combobox')).toBeEnabled(),
    );
    fireEvent.mouseDown(within(screen.getByTestId('violation-item')).getByRole('combobox'));
    expect(
      await screen.findByText('未戴安全帽', { selector: '.ant-select-item-option-content' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('乱扔垃圾', { selector: '.ant-select-item-option-content' }),
    ).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('未戴安全帽', { selector: '.ant-select-item-option-content' }));
    await pick('violation-person', '王建国');
    fireEvent.change(screen.getByTestId('violation-description'), {
      target: { value: '三层作业面未戴安全帽' },
    });

    fireEvent.click(screen.getByTestId('violation-submit'));
    await waitFor(() => expect(requestsTo(api, 'POST', `${SERVICE}/violationRecords`)).toHaveLength(1));
    const body = requestsTo(api, 'POST', `${SERVICE}/violationRecords`)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      projectId: PROJECT_ID,
      personId: WORKER_ID,
      typeId: TYPE_ID,
      itemId: ITEM_ID,
      description: '三层作业面未戴安全帽',
    });
    expect(body.photos).toEqual([]);
    expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('takes at most 9 photos: the tenth is refused and the add button goes until one is removed', async () => {
    renderAttendance(VIOLATIONS);
    fireEvent.click(await screen.findByTestId('violation-create'));
    const dialog = await screen.findByTestId('violation-dialog');
    // Ten photos picked: nine are taken, the tenth is refused and the add button goes.
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const files = Array.from({ length: 10 }, (_, i) => new File(['x'], `p${i}.png`, { type: 'image/png' }));
    fireEvent.change(input, { target: { files } });
    expect(await screen.findByText('最多只能上传 9 张图片，多出的图片未添加')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('violation-photos-item')
          .every((p) => p.dataset.status === 'done'),
      ).toBe(true),
    );
    expect(within(dialog).getAllByTestId('violation-photos-item')).toHaveLength(9);
    expect(within(dialog).queryByTestId('violation-photos-add')).not.toBeInTheDocument();
    expect(screen.getByTestId('violation-photos-hint')).toHaveTextContent('已上传 9/9 张');

    fireEvent.click(within(dialog).getByRole('button', { name: '移除图片 9' }));
    expect(await within(dialog).findByTestId('violation-photos-add')).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('violation-photos-item')).toHaveLength(8);
  });
});
