import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';

interface RetryAlertProps {
  /** The failure to explain (an `HttpError` shows the server's message). */
  error: unknown;
  onRetry: () => void;
}

/**
 * A background step of a page that failed (marking a record as read when it opens): says why, with a retry
 * button, and leaves the rest of the page usable.
 */
export function RetryAlert({ error, onRetry }: RetryAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      message={errorMessage(error, t)}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common:action.retry')}
        </Button>
      }
    />
  );
}
