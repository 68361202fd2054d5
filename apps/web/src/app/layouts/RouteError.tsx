import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorState } from '../../components/ErrorState';

/**
 * Shown when a page cannot render or its code cannot be loaded (typically a new deploy replaced the chunk
 * the browser asked for): reloading the page fetches the current build.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="app-fatal">
      <ErrorState
        title={t('layout:shell.routeErrorTitle')}
        description={t('layout:shell.routeErrorDescription')}
        actionLabel={t('common:action.reload')}
        onAction={() => window.location.reload()}
        testId="route-error"
      />
    </div>
  );
}
