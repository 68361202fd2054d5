import type { UseQueryResult } from '@tanstack/react-query';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { errorMessage } from '../../../lib/errors';
import { isHttpError } from '../../../lib/http';

/** The 404s of one sheet, each said plainly; any other failure with a retry. */
const GONE: Record<string, { text: string; testId: string }> = {
  'contactsheets.deleted': { text: 'contactsheets:detail.deleted', testId: 'sheet-deleted' },
  'contactsheets.recalled': { text: 'contactsheets:detail.recalled', testId: 'sheet-recalled' },
};

/** Why a sheet could not be shown: deleted (e.g. opened from a notification), recalled, missing, or failed. */
export function SheetLoadFailure({ query, back }: { query: UseQueryResult<unknown>; back: ReactNode }) {
  const { t } = useTranslation();
  const error = query.error;
  if (isHttpError(error) && error.status === 404) {
    const gone = GONE[error.body.key] ?? { text: 'contactsheets:detail.notFound', testId: 'sheet-not-found' };
    return (
      <Result
        status="404"
        title={t(gone.text)}
        subTitle={t('contactsheets:detail.goneHint')}
        extra={back}
        data-testid={gone.testId}
      />
    );
  }
  return (
    <ErrorState
      title={t('contactsheets:detail.error')}
      description={errorMessage(error, t)}
      actionLabel={t('common:action.retry')}
      onAction={() => void query.refetch()}
      busy={query.isFetching}
      testId="sheet-error"
    />
  );
}
