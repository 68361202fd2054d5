import '../locales';
import '../attendance.css';
import { BarChartOutlined, ScanOutlined } from '@ant-design/icons';
import type { AttendanceDayRow, AttendanceDayStatus } from '@lintel/contracts/personnel';
import { App, Button, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { LazyDatePicker } from '../../../components/LazyDatePicker';
import { FilterSheet } from '../../../components/list/FilterSheet';
import { liveResults } from '../../../components/list/liveResults';
import { errorMessage } from '../../../lib/errors';
import { lazyComponent } from '../../../lib/lazyComponent';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { type DayFilters, useDayBoard, useDayCorrections } from '../api';
import { DaySummary } from '../components/DaySummary';
import { DayTable } from '../components/DayTable';
import { CraftSelect, UnitSelect } from '../components/SettingSelects';
import { STATUS_ORDER, useStatusLabel } from '../components/StatusTag';
import { attendanceDevicesPath, attendanceStatisticsPath } from '../paths';
import { beijingToday, dayText, pickerValue } from '../time';

// The correction form (antd Form, TimePicker) loads when an administrator first corrects a day.
const CorrectionDialog = lazyComponent(
  () => import('../components/CorrectionDialog').then((module) => module.CorrectionDialog),
  { when: (props) => props.row !== null },
);

/** /projects/:projectId/attendance — who was on site on a day, and the corrections of administrators. */
export default function AttendanceBoardPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        <Board />
      </WorkbenchLayout>
    </App>
  );
}

function Board() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const label = useStatusLabel();
  const { projectId, isAdmin } = useCurrentProject();
  const [filters, setFilters] = useState<DayFilters>(() => ({ date: beijingToday(), page: 1, pageSize: 20 }));
  const [correcting, setCorrecting] = useState<AttendanceDayRow | null>(null);
  const board = useDayBoard(projectId, filters);
  const anyCorrected = board.data?.rows.some((row) => row.corrected) ?? false;
  const corrections = useDayCorrections(projectId, filters.date, anyCorrected);

  // A new filter starts again at the first page.
  const change = (patch: Partial<DayFilters>) => setFilters((current) => ({ ...current, page: 1, ...patch }));
  const filtered = Boolean(filters.unitId || filters.craftId || filters.status);

  return (
    <div className="attendance" data-testid="attendance-board">
      <div className="attendance__head">
        <Typography.Title level={3} className="attendance__title">
          {t('attendance:board.title')}
        </Typography.Title>
        <Space wrap>
          <Button
            icon={<BarChartOutlined />}
            onClick={() => void navigate(attendanceStatisticsPath(projectId))}
            data-testid="attendance-to-statistics"
          >
            {t('attendance:statistics.title')}
          </Button>
          {isAdmin ? (
            <Button
              icon={<ScanOutlined />}
              onClick={() => void navigate(attendanceDevicesPath(projectId))}
              data-testid="attendance-to-devices"
            >
              {t('attendance:devices.title')}
            </Button>
          ) : null}
        </Space>
      </div>
      <FilterSheet
        className="attendance__filters"
        testId="attendance-filters"
        active={[filters.unitId, filters.craftId, filters.status].filter(Boolean).length}
        results={liveResults(board, board.data?.count)}
        showClear={false}
        onClear={() => change({ unitId: undefined, craftId: undefined, status: undefined })}
        search={
          <LazyDatePicker
            allowClear={false}
            value={pickerValue(filters.date)}
            onChange={(value) => value && change({ date: dayText(value) })}
            aria-label={t('attendance:board.date')}
            data-testid="attendance-date"
          />
        }
      >
        <UnitSelect
          projectId={projectId}
          value={filters.unitId}
          onChange={(unitId) => change({ unitId })}
          placeholder={t('attendance:filter.unit')}
          testId="attendance-filter-unit"
        />
        <CraftSelect
          projectId={projectId}
          value={filters.craftId}
          onChange={(craftId) => change({ craftId })}
          placeholder={t('attendance:filter.craft')}
          testId="attendance-filter-craft"
        />
        <Select<AttendanceDayStatus>
          className="attendance__select"
          allowClear
          value={filters.status}
          onChange={(status) => change({ status: status || undefined })}
          options={STATUS_ORDER.map((status) => ({ value: status, label: label(status) }))}
          placeholder={t('attendance:filter.status')}
          aria-label={t('attendance:filter.status')}
          data-testid="attendance-filter-status"
        />
      </FilterSheet>
      {board.isError && !board.data ? (
        <ErrorState
          title={t('attendance:board.error')}
          description={errorMessage(board.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void board.refetch()}
          busy={board.isFetching}
          testId="attendance-error"
        />
      ) : (
        <>
          <DaySummary
            totals={board.data?.totals ?? {}}
            active={filters.status}
            onPick={(status) => change({ status })}
          />
          <DayTable
            rows={board.data?.rows ?? []}
            total={board.data?.count ?? 0}
            page={filters.page}
            pageSize={filters.pageSize}
            loading={board.isPending || (board.isFetching && board.isPlaceholderData)}
            filtered={filtered}
            corrections={corrections.data ?? []}
            onCorrect={isAdmin ? setCorrecting : undefined}
            onPage={(page, pageSize) => setFilters((current) => ({ ...current, page, pageSize }))}
          />
        </>
      )}
      <CorrectionDialog projectId={projectId} row={correcting} onClose={() => setCorrecting(null)} />
    </div>
  );
}
