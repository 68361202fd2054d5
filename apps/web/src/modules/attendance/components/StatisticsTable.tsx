import type { AttendanceStatistics, AttendanceStatisticsRow } from '@lintel/contracts/personnel';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { hoursText } from '../time';
import { STATUS_ORDER, useStatusLabel } from './StatusTag';

/** The figures under the chart: per unit or craft, with the period's totals as the last line. */
export function StatisticsTable({ data, loading }: { data: AttendanceStatistics; loading: boolean }) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const noGroup = t(
    data.groupBy === 'unit' ? 'attendance:statistics.noUnit' : 'attendance:statistics.noCraft',
  );
  const columns: TableColumnsType<AttendanceStatisticsRow> = [
    {
      title: t(`attendance:statistics.by.${data.groupBy}`),
      key: 'group',
      // A grid of figures: on a phone it scrolls inside its card, the group's name stays in view.
      fixed: 'left',
      render: (_, row) => row.group?.name ?? noGroup,
    },
    { title: t('attendance:statistics.headcount'), dataIndex: 'headcount' },
    { title: t('attendance:board.present'), dataIndex: 'present' },
    ...STATUS_ORDER.map((status) => ({ title: label(status), dataIndex: status })),
    { title: t('attendance:column.hours'), key: 'hours', render: (_, row) => hoursText(row.hours) },
  ];
  const totals = { ...data.totals, group: { _id: 'total', name: t('attendance:statistics.total') } };
  return (
    <Table<AttendanceStatisticsRow>
      rowKey={(row) => row.group?._id ?? 'none'}
      columns={columns}
      dataSource={data.rows.length > 0 ? [...data.rows, totals] : []}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('attendance:statistics.empty') }}
      data-testid="statistics-table"
    />
  );
}
