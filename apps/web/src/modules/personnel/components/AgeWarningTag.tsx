import { ageWarning } from '@lintel/contracts/personnel';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A warning (never a refusal) for a worker under 18 or over 60 (issue 17): nothing between. */
export function AgeWarningTag({ age, testId }: { age: number; testId?: string }) {
  const { t } = useTranslation();
  const warning = ageWarning(age);
  if (!warning) return null;
  return (
    <Tag color="warning" className="personnel__age-warning" data-testid={testId}>
      {t(`personnel:age.${warning}`)}
    </Tag>
  );
}
