import type { AttendanceStatistics } from '@lintel/contracts/personnel';
import { Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../lib/lazyComponent';
import type { BarSeries } from './StackedBars';
import { STATUS_COLORS, STATUS_ORDER, useStatusLabel } from './StatusTag';

type Axis = 'group' | 'day';

/** echarts (~170 KB gzip) loads with the chart, not with the page (issue 15 §4: routes ≤ 350 KB). */
const StackedBars = lazyComponent(() => import('./StackedBars').then((module) => module.StackedBars), {
  fallback: <div className="attendance-chart" style={{ height: 320 }} />,
});

/** The period's person-days per status, stacked: one bar per unit or craft, or one per day. */
export function StatisticsChart({ data }: { data: AttendanceStatistics }) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const [axis, setAxis] = useState<Axis>('group');
  const noGroup = t(
    data.groupBy === 'unit' ? 'attendance:statistics.noUnit' : 'attendance:statistics.noCraft',
  );

  const { categories, series } = useMemo(() => {
    const source =
      axis === 'group'
        ? data.rows.map((row) => ({ name: row.group?.name ?? noGroup, counts: row }))
        : data.days.map((day) => ({ name: day.date.slice(5), counts: day }));
    const bars: BarSeries[] = STATUS_ORDER.map((status) => ({
      name: label(status),
      color: STATUS_COLORS[status],
      data: source.map((entry) => entry.counts[status]),
    }));
    return { categories: source.map((entry) => entry.name), series: bars };
  }, [axis, data, label, noGroup]);

  return (
    <div>
      <Segmented<Axis>
        value={axis}
        onChange={setAxis}
        options={[
          { value: 'group', label: t(`attendance:statistics.by.${data.groupBy}`) },
          { value: 'day', label: t('attendance:statistics.by.day') },
        ]}
        data-testid="statistics-axis"
      />
      <StackedBars
        categories={categories}
        series={series}
        label={t('attendance:statistics.chartLabel', { from: data.from, to: data.to })}
        testId="statistics-chart"
      />
    </div>
  );
}
