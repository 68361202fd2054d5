import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getInstanceByDom } from 'echarts/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApiForFile, requestsTo } from '../../../test/project';
import {
  makeStatistics,
  PROJECT_API,
  renderAttendance,
  resetState,
  STATISTICS,
  serveAttendance,
  state,
} from '../testSupport';
import { beijingToday } from '../time';

const api = fakeApiForFile(serveAttendance, resetState);
const STATS = `${PROJECT_API}/attendance/statistics`;
const SHEET = `${PROJECT_API}/attendance/monthSheet`;
const last = (path: string) => requestsTo(api, 'GET', path).at(-1)!.query;

/** The series the chart was given (echarts' own model of the bars it drew). */
function chartSeries(testId: string) {
  const chart = getInstanceByDom(screen.getByTestId(testId));
  const option = chart?.getOption() as { series: Array<{ name: string; data: number[] }> } | undefined;
  return option?.series.map((s) => ({ name: s.name, data: s.data })) ?? [];
}

describe('attendance statistics', { timeout: 60_000 }, () => {
  // The chart's code (echarts) loads with the chart rather than with the page; its first import takes
  // longer in a test than a findBy waits, so it is imported once before the tests.
  beforeAll(() => import('../components/StackedBars'), 60_000);

  it('asks for this month by unit, draws the stacked bars and the table, and shows the month sheet', async () => {
    renderAttendance(STATISTICS);
    expect(await screen.findByTestId('statistics-chart')).toBeInTheDocument();
    const month = beijingToday().slice(0, 7);
    expect(Object.fromEntries(last(STATS))).toEqual({ period: 'month', month, groupBy: 'unit' });
    // The bars: one per status, one value per unit, drawn as SVG in the container.
    expect(chartSeries('statistics-chart')).toEqual([
      { name: '正常', data: [30] },
      { name: '异常', data: [4] },
      { name: '缺勤', data: [2] },
      { name: '休息', data: [8] },
    ]);
    expect(screen.getByTestId('statistics-chart').querySelectorAll('svg path').length).toBeGreaterThan(0);
    const table = screen.getByTestId('statistics-table');
    expect(within(table).getAllByText('中建三局').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('290.5', { selector: 'td' })).toHaveLength(2);
    expect(within(table).getByText('合计')).toBeInTheDocument();
    // The month sheet: the person with one mark per day so far.
    const sheet = await screen.findByTestId('month-sheet');
    expect(within(sheet).getByText('王建国')).toBeInTheDocument();
    expect(within(sheet).getAllByRole('img', { name: /正常$/ })).toHaveLength(2);
    expect(within(sheet).getAllByRole('img', { name: /缺勤$/ })).toHaveLength(1);
    expect(last(SHEET).get('month')).toBe(month);
  });

  it('a week by craft is asked with a date; the chart switches to one bar per day', async () => {
    renderAttendance(STATISTICS);
    await screen.findByTestId('statistics-chart');
    fireEvent.click(within(screen.getByTestId('statistics-period')).getByText('周'));
    await waitFor(() => expect(last(STATS).get('period')).toBe('week'));
    expect(last(STATS).get('date')).toBe(`${beijingToday().slice(0, 7)}-01`);
    expect(last(STATS).has('month')).toBe(false);
    // No month sheet outside a month.
    expect(screen.queryByTestId('month-sheet')).not.toBeInTheDocument();

    state.statistics = makeStatistics({ period: 'week', groupBy: 'craft', rows: [] });
    fireEvent.click(within(screen.getByTestId('statistics-group')).getByText('按工种'));
    await waitFor(() => expect(last(STATS).get('groupBy')).toBe('craft'));
    expect(
      await within(screen.getByTestId('statistics-table')).findByText('该区间没有考勤数据'),
    ).toBeInTheDocument();

    fireEvent.click(within(screen.getByTestId('statistics-axis')).getByText('按日期'));
    await waitFor(() =>
      expect(chartSeries('statistics-chart')).toEqual([
        { name: '正常', data: [2, 0] },
        { name: '异常', data: [0, 1] },
        { name: '缺勤', data: [0, 1] },
        { name: '休息', data: [0, 0] },
      ]),
    );
  });

  it('offers a retry when the statistics fail', async () => {
    state.refuse[`GET ${STATS}`] = {
      status: 500,
      json: { code: 500, key: 'common.internal', message: '服务器错误' },
    };
    renderAttendance(STATISTICS);
    expect(await screen.findByTestId('statistics-error')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('statistics-chart')).toBeInTheDocument();
  });
});
