import type { PersonnelStatus } from '@lintel/contracts/personnel';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<PersonnelStatus, string> = { entry: 'green', exit: 'default', abnormal: 'orange' };

export function PersonStatusTag({ status }: { status: PersonnelStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid="person-status">
      {t(`personnel:status.${status}`)}
    </Tag>
  );
}
