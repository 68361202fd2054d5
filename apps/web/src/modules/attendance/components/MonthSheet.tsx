import type { AttendanceMonthSheet, AttendanceMonthSheetRow } from '@lintel/contracts/personnel';
import { Card, Spin, Table, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { errorMessage } from '../../../lib/errors';
import { useIsPhone } from '../../../lib/useIsPhone';
import { useMonthSheet } from '../api';
import { useStatusLabel } from './StatusTag';

type SheetRow = AttendanceMonthSheetRow;

interface MonthSheetProps {
  sheet: AttendanceMonthSheet;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
}

/** People × days of a month, each day's status as a coloured letter; scrolls both ways on a small screen. */
export function MonthSheet({ sheet, loading, page, pageSize, onPage }: MonthSheetProps) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  // A grid, not a list: on a phone it scrolls inside its card with the names kept in view, and leaves out
  // the unit so that a week of days fits beside the names.
  const isPhone = useIsPhone();
  const columns: TableColumnsType<SheetRow> = [
    {
      title: t('attendance:column.name'),
      key: 'name',
      fixed: 'left',
      width: isPhone ? 80 : 120,
      render: (_, row) => row.person.name,
    },
    ...(isPhone
      ? []
      : [
          {
            title: t('attendance:column.unit'),
            key: 'unit',
            width: 120,
            render: (_: unknown, row: SheetRow) => row.unit?.name ?? '',
          },
        ]),
    ...sheet.days.map((day, index) => ({
      title: day.slice(8),
      key: day,
      width: 34,
      render: (_: unknown, row: SheetRow) => {
        const status = row.days[index];
        if (!status) return null;
        return (
          <Tooltip title={`${day} ${label(status)}`}>
            <span
              className={`attendance-sheet__cell attendance-sheet__cell--${status}`}
              role="img"
              aria-label={`${day} ${label(status)}`}
            >
              {t(`attendance:sheet.letter.${status}`)}
            </span>
          </Tooltip>
        );
      },
    })),
  ];
  return (
    <Table<SheetRow>
      className="attendance-sheet"
      rowKey={(row) => row.person._id}
      columns={columns}
      dataSource={sheet.rows}
      loading={loading}
      size="small"
      bordered
      pagination={{
        current: page,
        pageSize,
        total: sheet.count,
        showSizeChanger: true,
        hideOnSinglePage: true,
        onChange: onPage,
      }}
      scroll={{ x: 'max-content', y: 480 }}
      locale={{ emptyText: t('attendance:statistics.empty') }}
      data-testid="month-sheet"
    />
  );
}

/** The month sheet of a month, a page of people at a time. */
export function MonthSheetCard({ projectId, month }: { projectId: string; month: string }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: 50 });
  const sheet = useMonthSheet(projectId, month, paging.page, paging.pageSize, true);
  return (
    <Card size="small" title={t('attendance:sheet.title', { month })} className="attendance__card">
      {sheet.isError && !sheet.data ? (
        <ErrorState
          title={t('attendance:sheet.error')}
          description={errorMessage(sheet.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void sheet.refetch()}
          busy={sheet.isFetching}
          testId="sheet-error"
        />
      ) : sheet.data ? (
        <MonthSheet
          sheet={sheet.data}
          loading={sheet.isFetching}
          page={paging.page}
          pageSize={paging.pageSize}
          onPage={(page, pageSize) => setPaging({ page, pageSize })}
        />
      ) : (
        <Spin />
      )}
    </Card>
  );
}
