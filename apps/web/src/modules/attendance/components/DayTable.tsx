import { EditOutlined } from '@ant-design/icons';
import type { AttendanceCorrectionRecord, AttendanceDayRow } from '@lintel/contracts/personnel';
import { Button, Empty, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { formatTime } from '../../../lib/dateTime';
import { beijingClock, hoursText } from '../time';
import { StatusTag } from './StatusTag';

interface DayTableProps {
  rows: AttendanceDayRow[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  filtered: boolean;
  /** The day's corrections, newest first (for the corrected rows' note). */
  corrections: readonly AttendanceCorrectionRecord[];
  /** Offered to project administrators only. */
  onCorrect?: (row: AttendanceDayRow) => void;
  onPage: (page: number, pageSize: number) => void;
}

/** The people of the day: unit, craft, first in, last out, hours, status and whether it was corrected. */
export function DayTable({
  rows,
  total,
  page,
  pageSize,
  loading,
  filtered,
  corrections,
  onCorrect,
  onPage,
}: DayTableProps) {
  const { t } = useTranslation();
  // The newest correction of each person is the one that holds.
  const latest = new Map<string, AttendanceCorrectionRecord>();
  for (const correction of corrections)
    if (!latest.has(correction.personId)) latest.set(correction.personId, correction);

  const columns: ResponsiveColumn<AttendanceDayRow>[] = [
    { title: t('attendance:column.name'), key: 'name', phone: 'title', render: (_, row) => row.person.name },
    { title: t('attendance:column.unit'), key: 'unit', render: (_, row) => row.unit?.name ?? '' },
    { title: t('attendance:column.craft'), key: 'craft', render: (_, row) => row.craft?.name ?? '' },
    {
      title: t('attendance:column.firstIn'),
      key: 'in',
      render: (_, row) => beijingClock(row.firstIn) || '—',
    },
    {
      title: t('attendance:column.lastOut'),
      key: 'out',
      render: (_, row) => beijingClock(row.lastOut) || '—',
    },
    {
      title: t('attendance:column.hours'),
      key: 'hours',
      render: (_, row) => `${hoursText(row.hours)} / ${hoursText(row.requiredHours)}`,
    },
    {
      title: t('attendance:column.status'),
      key: 'status',
      phone: 'status',
      render: (_, row) => {
        const correction = latest.get(row.person._id);
        return (
          <span>
            <StatusTag status={row.status} />
            {row.corrected ? (
              <Tooltip
                title={
                  correction
                    ? t('attendance:board.correctedBy', {
                        name: correction.correctedBy.name,
                        time: formatTime(correction.createdAt),
                        reason: correction.reason,
                      })
                    : t('attendance:board.corrected')
                }
              >
                <Tag color="blue" tabIndex={0} data-testid={`corrected-${row.person._id}`}>
                  {t('attendance:board.corrected')}
                </Tag>
              </Tooltip>
            ) : null}
          </span>
        );
      },
    },
  ];
  if (onCorrect) {
    columns.push({
      title: t('attendance:column.actions'),
      key: 'actions',
      phone: 'actions',
      render: (_, row) => (
        <Button
          size="small"
          icon={<EditOutlined />}
          onClick={() => onCorrect(row)}
          data-testid={`correct-${row.person._id}`}
        >
          {t('attendance:correction.open')}
        </Button>
      ),
    });
  }

  return (
    <ResponsiveTable<AttendanceDayRow>
      rowKey={(row) => row.person._id}
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: (
          <Empty
            description={filtered ? t('attendance:board.emptyFiltered') : t('attendance:board.empty')}
            data-testid="attendance-empty"
          />
        ),
      }}
      onRow={(row) => ({ 'data-testid': `day-row-${row.person._id}` }) as object}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        showTotal: (count) => t('attendance:board.total', { count }),
        onChange: onPage,
      }}
    />
  );
}
