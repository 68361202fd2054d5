import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { errorMessage } from '../../../lib/errors';

/** A settings tab whose data failed to load, with a retry. */
export function SettingsLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorState
      title={t('models:settings.loadError')}
      description={errorMessage(error, t)}
      actionLabel={t('common:action.retry')}
      onAction={onRetry}
      testId="model-settings-error"
    />
  );
}
