import '../locales';
import '../attendance.css';
import { DownloadOutlined } from '@ant-design/icons';
import type { AttendanceGroupBy, AttendancePeriod } from '@lintel/contracts/personnel';
import { App, Button, Card, Radio, Segmented, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';
import { ErrorState } from '../../../components/ErrorState';
import { LazyDatePicker } from '../../../components/LazyDatePicker';
// The one export downloader of the app so far lives with the problems module.
import { downloadFile } from '../../../lib/download';
import { errorMessage } from '../../../lib/errors';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import {
  monthSheetPath,
  type StatisticsParams,
  statisticsPath,
  statisticsQuery,
  usePersonnelRight,
  useStatistics,
} from '../api';
import { MonthSheetCard } from '../components/MonthSheet';
import { StatisticsChart } from '../components/StatisticsChart';
import { StatisticsTable } from '../components/StatisticsTable';
import { beijingToday, dayText, monthText, pickerValue } from '../time';

/** /projects/:projectId/attendance/statistics — a day, week or month per unit or craft, and the month sheet. */
export default function AttendanceStatisticsPage() {
  return (
    <App component={false}>
      <WorkbenchLayout>
        <Statistics />
      </WorkbenchLayout>
    </App>
  );
}

/** A period's value when switching to it: the day or month the current value lies in. */
function valueFor(period: AttendancePeriod, current: string): string {
  if (period === 'month') return current.slice(0, 7);
  return current.length === 7 ? `${current}-01` : current;
}

function Statistics() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { message } = App.useApp();
  const { projectId } = useCurrentProject();
  const [params, setParams] = useState<StatisticsParams>(() => ({
    period: 'month',
    value: beijingToday().slice(0, 7),
    groupBy: 'unit',
  }));
  const statistics = useStatistics(projectId, params);
  const isMonth = params.period === 'month';
  const canExport = usePersonnelRight(projectId, 'export').data === true;
  const [exporting, setExporting] = useState<'statistics' | 'sheet' | null>(null);

  const download = async (what: 'statistics' | 'sheet') => {
    setExporting(what);
    try {
      if (what === 'statistics') {
        await downloadFile(
          statisticsPath(projectId),
          { ...statisticsQuery(params), export: true, lang: language },
          t('attendance:statistics.exportName'),
        );
      } else {
        await downloadFile(
          monthSheetPath(projectId),
          { month: params.value, export: true, lang: language },
          t('attendance:sheet.exportName'),
        );
      }
    } catch (error) {
      void message.error(errorMessage(error, t));
    } finally {
      setExporting(null);
    }
  };

  const picker = isMonth ? 'month' : params.period === 'week' ? 'week' : 'date';
  return (
    <div className="attendance" data-testid="attendance-statistics">
      <div className="attendance__head">
        <Typography.Title level={3} className="attendance__title">
          {t('attendance:statistics.title')}
        </Typography.Title>
        {canExport ? (
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting === 'statistics'}
              onClick={() => void download('statistics')}
              data-testid="statistics-export"
            >
              {t('attendance:statistics.export')}
            </Button>
            {isMonth ? (
              <Button
                icon={<DownloadOutlined />}
                loading={exporting === 'sheet'}
                onClick={() => void download('sheet')}
                data-testid="sheet-export"
              >
                {t('attendance:sheet.export')}
              </Button>
            ) : null}
          </Space>
        ) : null}
      </div>
      <Space wrap className="attendance__filters">
        <Segmented<AttendancePeriod>
          value={params.period}
          onChange={(period) => setParams((p) => ({ ...p, period, value: valueFor(period, p.value) }))}
          options={(['day', 'week', 'month'] as const).map((period) => ({
            value: period,
            label: t(`attendance:statistics.period.${period}`),
          }))}
          data-testid="statistics-period"
        />
        <LazyDatePicker
          picker={picker}
          allowClear={false}
          value={pickerValue(params.value)}
          onChange={(value) => {
            if (!value) return;
            setParams((p) => ({ ...p, value: isMonth ? monthText(value) : dayText(value) }));
          }}
          aria-label={t(`attendance:statistics.pick.${params.period}`)}
          data-testid="statistics-date"
        />
        <Radio.Group
          optionType="button"
          value={params.groupBy}
          onChange={(event) => setParams((p) => ({ ...p, groupBy: event.target.value as AttendanceGroupBy }))}
          options={(['unit', 'craft'] as const).map((groupBy) => ({
            value: groupBy,
            label: t(`attendance:statistics.by.${groupBy}`),
          }))}
          data-testid="statistics-group"
        />
      </Space>
      {statistics.isError && !statistics.data ? (
        <ErrorState
          title={t('attendance:statistics.error')}
          description={errorMessage(statistics.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void statistics.refetch()}
          busy={statistics.isFetching}
          testId="statistics-error"
        />
      ) : !statistics.data ? (
        <Spin />
      ) : (
        <Card size="small" className="attendance__card">
          <Typography.Text type="secondary" data-testid="statistics-range">
            {t('attendance:statistics.range', { from: statistics.data.from, to: statistics.data.to })}
          </Typography.Text>
          <StatisticsChart data={statistics.data} />
          <StatisticsTable data={statistics.data} loading={statistics.isFetching} />
        </Card>
      )}
      {isMonth ? (
        // A new month starts again at the sheet's first page.
        <MonthSheetCard key={params.value} projectId={projectId} month={params.value} />
      ) : null}
    </div>
  );
}
