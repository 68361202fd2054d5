import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { errorMessage } from '../../../lib/errors';

/** A settings list that failed to load, with a retry. */
export function SettingsLoadError({
  query,
}: {
  query: { error: unknown; isFetching: boolean; refetch: () => Promise<unknown> };
}) {
  const { t } = useTranslation();
  return (
    <ErrorState
      title={t('personnel:settings.loadError')}
      description={errorMessage(query.error, t)}
      actionLabel={t('common:action.retry')}
      onAction={() => void query.refetch()}
      busy={query.isFetching}
    />
  );
}
