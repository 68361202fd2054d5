import type { AttendanceDayStatus } from '@lintel/contracts/personnel';
import { Card, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS, STATUS_ORDER, useStatusLabel } from './StatusTag';

interface DaySummaryProps {
  totals: Partial<Record<AttendanceDayStatus, number>>;
  active?: AttendanceDayStatus;
  /** Picks a status as the table's filter (the active one again: no filter). */
  onPick: (status: AttendanceDayStatus | undefined) => void;
}

/** The day's figures: everyone on the books, present (normal and abnormal), then each status. */
export function DaySummary({ totals, active, onPick }: DaySummaryProps) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const present = (totals.normal ?? 0) + (totals.abnormal ?? 0);
  // Everyone on the books that day has one status: the sum, whatever status the table shows.
  const count = STATUS_ORDER.reduce((sum, status) => sum + (totals[status] ?? 0), 0);
  return (
    <div className="attendance-summary" data-testid="attendance-summary">
      <Card size="small">
        <Statistic title={t('attendance:board.onRoll')} value={count} data-testid="summary-total" />
      </Card>
      <Card size="small">
        <Statistic title={t('attendance:board.present')} value={present} data-testid="summary-present" />
      </Card>
      {STATUS_ORDER.map((status) => (
        <Card
          key={status}
          size="small"
          className={`attendance-summary__card${active === status ? ' attendance-summary__card--active' : ''}`}
        >
          <button
            type="button"
            className="attendance-summary__button"
            aria-pressed={active === status}
            onClick={() => onPick(active === status ? undefined : status)}
            data-testid={`summary-pick-${status}`}
          >
            <Statistic
              title={label(status)}
              value={totals[status] ?? 0}
              styles={{ content: { color: STATUS_COLORS[status] } }}
              data-testid={`summary-${status}`}
            />
          </button>
        </Card>
      ))}
    </div>
  );
}
