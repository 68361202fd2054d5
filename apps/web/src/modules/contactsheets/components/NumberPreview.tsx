import type { ContactSheetType } from '@lintel/contracts/contactsheets';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMaxNumber } from '../api';

/**
 * The number a new sheet of this kind will get (the server fixes it when it is sent: someone else may take
 * this one first), or the number of the sheet being edited (it never changes).
 */
export function NumberPreview({
  projectId,
  type,
  fixed,
}: {
  projectId: string;
  type: ContactSheetType;
  fixed: string | null;
}) {
  const { t } = useTranslation();
  const next = useMaxNumber(projectId, type, fixed === null);
  if (fixed !== null) {
    return (
      <Typography.Text data-testid="sheet-number-preview">
        {t('contactsheets:form.number', { number: fixed })}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text type="secondary" data-testid="sheet-number-preview">
      {next.data
        ? t('contactsheets:form.nextNumber', { number: next.data.nextNumber })
        : next.isError
          ? t('contactsheets:form.nextNumberUnknown')
          : t('contactsheets:form.nextNumberLoading')}
    </Typography.Text>
  );
}
