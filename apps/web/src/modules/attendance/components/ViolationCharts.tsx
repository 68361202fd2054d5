import type { ViolationStatistics } from '@lintel/contracts/personnel';
import { Card, Col, Empty, Row, Spin, Statistic } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { errorMessage } from '../../../lib/errors';
import { useViolationStatistics } from '../api';
import { StackedBars } from './StackedBars';

const COLORS = { type: '#1677ff', unit: '#fa8c16', month: '#722ed1' } as const;

/** Violations counted by type, by unit and by month, each as bars. */
export function ViolationCharts({ data }: { data: ViolationStatistics }) {
  const { t } = useTranslation();
  const charts = useMemo(() => {
    const none = t('attendance:violations.none');
    return [
      {
        key: 'type' as const,
        categories: data.byType.map((row) => row.group?.name ?? none),
        values: data.byType.map((row) => row.count),
      },
      {
        key: 'unit' as const,
        categories: data.byUnit.map((row) => row.group?.name ?? none),
        values: data.byUnit.map((row) => row.count),
      },
      {
        key: 'month' as const,
        categories: data.byMonth.map((row) => row.month),
        values: data.byMonth.map((row) => row.count),
      },
    ];
  }, [data, t]);

  if (data.total === 0)
    return <Empty description={t('attendance:violations.empty')} data-testid="violation-charts-empty" />;
  return (
    <>
      <Statistic
        title={t('attendance:violations.totalTitle')}
        value={data.total}
        data-testid="violations-total"
      />
      <Row gutter={[16, 16]}>
        {charts.map((chart) => (
          <Col key={chart.key} xs={24} lg={chart.key === 'month' ? 24 : 12}>
            <Card size="small" title={t(`attendance:violations.by.${chart.key}`)}>
              <StackedBars
                categories={chart.categories}
                series={[
                  { name: t('attendance:violations.count'), color: COLORS[chart.key], data: chart.values },
                ]}
                label={t(`attendance:violations.by.${chart.key}`)}
                testId={`violation-chart-${chart.key}`}
                height={260}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}

/** The statistics tab: the counts of the date range the filters give (or of all time). */
export function ViolationStatisticsTab({
  projectId,
  from,
  to,
}: {
  projectId: string;
  from?: string;
  to?: string;
}) {
  const { t } = useTranslation();
  const statistics = useViolationStatistics(projectId, from, to);
  if (statistics.isError && !statistics.data) {
    return (
      <ErrorState
        title={t('attendance:violations.statisticsError')}
        description={errorMessage(statistics.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void statistics.refetch()}
        busy={statistics.isFetching}
        testId="violation-statistics-error"
      />
    );
  }
  return statistics.data ? <ViolationCharts data={statistics.data} /> : <Spin />;
}
