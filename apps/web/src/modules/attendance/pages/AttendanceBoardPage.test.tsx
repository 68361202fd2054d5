import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApiForFile, requestsTo } from '../../../test/project';
import {
  BOARD,
  makeDayRow,
  PROJECT_API,
  renderAttendance,
  resetState,
  SERVICE,
  serveAttendance,
  state,
  WORKER_ID,
  WORKER2_ID,
} from '../testSupport';
import { beijingToday } from '../time';

const api = fakeApiForFile(serveAttendance, resetState);
const DAYS = `${PROJECT_API}/attendance/days`;

const DESKTOP_WIDTH = window.innerWidth;
function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}
afterEach(() => setWidth(DESKTOP_WIDTH));

describe('attendance day board', { timeout: 60_000 }, () => {
  it('on a phone: the filter sheet counts the day’s people for the filters as they change', async () => {
    setWidth(390);
    state.day = [
      makeDayRow(),
      makeDayRow({ person: { _id: WORKER2_ID, name: '李小龙' }, status: 'abnormal' }),
    ];
    renderAttendance(BOARD);
    await screen.findByTestId(`day-row-${WORKER_ID}`);
    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByRole('status')).toHaveTextContent('当前共 2 条结果');
    fireEvent.mouseDown(within(within(sheet).getByTestId('attendance-filter-status')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('异常', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(within(sheet).getByRole('status')).toHaveTextContent('当前共 1 条结果'));
    expect(within(sheet).getByRole('button', { name: '查看 1 条结果' })).toBeInTheDocument();
    expect(screen.queryByTestId(`day-row-${WORKER_ID}`)).not.toBeInTheDocument();
  });

  it('shows the day’s figures and people, and a summary card filters the table by status', async () => {
    state.day = [
      makeDayRow(),
      makeDayRow({
        person: { _id: WORKER2_ID, name: '李小龙' },
        firstIn: '2026-11-20T00:10:00.000Z',
        lastOut: null,
        hours: 0,
        status: 'abnormal',
      }),
    ];
    state.totals = { normal: 1, abnormal: 1, absent: 3, rest: 0 };
    renderAttendance(BOARD);
    const row = await screen.findByTestId(`day-row-${WORKER_ID}`);
    // Times are shown as on site (Beijing): 23:58Z is 07:58 the next morning.
    expect(row).toHaveTextContent('王建国');
    expect(row).toHaveTextContent('中建三局');
    expect(row).toHaveTextContent('07:58');
    expect(row).toHaveTextContent('17:05');
    expect(row).toHaveTextContent('9.12 / 8');
    expect(within(row).getByTestId('status-normal')).toHaveTextContent('正常');
    expect(screen.getByTestId(`day-row-${WORKER2_ID}`)).toHaveTextContent('—');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('5');
    expect(screen.getByTestId('summary-present')).toHaveTextContent('2');
    expect(screen.getByTestId('summary-absent')).toHaveTextContent('3');
    // Today on site is asked for first.
    expect(requestsTo(api, 'GET', DAYS)[0]!.query.get('date')).toBe(beijingToday());

    fireEvent.click(screen.getByTestId('summary-pick-abnormal'));
    await waitFor(() =>
      expect(requestsTo(api, 'GET', DAYS).some((r) => r.query.get('status') === 'abnormal')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByTestId(`day-row-${WORKER_ID}`)).not.toBeInTheDocument());
    expect(screen.getByTestId('summary-pick-abnormal')).toHaveAttribute('aria-pressed', 'true');
  });

  it('a correction needs a reason; once saved the row is marked corrected with who and why', async () => {
    state.day = [makeDayRow({ status: 'absent', firstIn: null, lastOut: null, hours: 0 })];
    state.totals = { normal: 0, abnormal: 0, absent: 1, rest: 0 };
    renderAttendance(BOARD);
    fireEvent.click(await screen.findByTestId(`correct-${WORKER_ID}`));
    const dialog = await screen.findByTestId('correction-dialog');

    // Nothing changed and no reason: refused at the fields, nothing sent.
    fireEvent.click(screen.getByTestId('correction-submit'));
    expect(await within(dialog).findByText('请填写修正原因')).toBeInTheDocument();
    expect(requestsTo(api, 'POST', `${SERVICE}/attendanceCorrections`)).toHaveLength(0);

    fireEvent.mouseDown(within(screen.getByTestId('correction-status')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('正常', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(screen.getByTestId('correction-reason'), {
      target: { value: '闸机故障，现场核实已出勤' },
    });
    fireEvent.click(screen.getByTestId('correction-submit'));

    await waitFor(() => expect(requestsTo(api, 'POST', `${SERVICE}/attendanceCorrections`)).toHaveLength(1));
    expect(requestsTo(api, 'POST', `${SERVICE}/attendanceCorrections`)[0]!.body).toEqual({
      personId: WORKER_ID,
      date: '2026-11-20',
      status: 'normal',
      reason: '闸机故障，现场核实已出勤',
    });
    const mark = await screen.findByTestId(`corrected-${WORKER_ID}`);
    expect(mark).toHaveTextContent('已修正');
    fireEvent.mouseEnter(mark);
    expect(await screen.findByText(/演示用户 于 .* 修正：闸机故障，现场核实已出勤/)).toBeInTheDocument();
  });

  it('says when nobody is on the books, and offers a retry when the board fails', async () => {
    state.refuse[`GET ${DAYS}`] = {
      status: 500,
      json: { code: 500, key: 'common.internal', message: '服务器错误' },
    };
    const { user } = renderAttendance(BOARD);
    expect(await screen.findByTestId('attendance-error')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('attendance-empty')).toHaveTextContent('当天没有在册人员');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('0');
  });
});
