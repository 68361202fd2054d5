import { ATTENDANCE_STATUS_LABELS, type AttendanceDayStatus } from '@lintel/contracts/personnel';
import { Tag } from 'antd';
import { useLanguage } from '../../../app/useLanguage';

/** The colours of the statuses, the same in tags, summary and charts. */
export const STATUS_COLORS: Record<AttendanceDayStatus, string> = {
  normal: '#52c41a',
  abnormal: '#faad14',
  absent: '#ff4d4f',
  rest: '#8c8c8c',
};

/** The order the statuses are listed and stacked in. */
export const STATUS_ORDER: readonly AttendanceDayStatus[] = ['normal', 'abnormal', 'absent', 'rest'];

export function useStatusLabel() {
  const language = useLanguage();
  return (status: AttendanceDayStatus) => ATTENDANCE_STATUS_LABELS[status][language];
}

export function StatusTag({ status }: { status: AttendanceDayStatus }) {
  const label = useStatusLabel();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid={`status-${status}`}>
      {label(status)}
    </Tag>
  );
}
