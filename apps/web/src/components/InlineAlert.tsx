import { useTranslation } from 'react-i18next';
import { CloseIcon, StatusFilledIcon } from './icons';

interface InlineAlertProps {
  type: 'error' | 'warning';
  message: string;
  /** Shows a close button calling this. */
  onClose?: () => void;
  className?: string;
  testId?: string;
}

/**
 * A one-line hint with antd's Alert look (`.inline-alert` in global.css), for the sign-in screen: antd's
 * Alert brings its own code and style engine work (~2 KB compressed) to a screen that only needs a line.
 * Announced like antd's Alert (role=alert).
 */
export function InlineAlert({ type, message, onClose, className, testId }: InlineAlertProps) {
  const { t } = useTranslation();
  return (
    <div
      className={`inline-alert inline-alert--${type}${className ? ` ${className}` : ''}`}
      role="alert"
      data-testid={testId}
    >
      <StatusFilledIcon type={type} className="inline-alert__icon" />
      <span className="inline-alert__message">{message}</span>
      {onClose ? (
        <button
          type="button"
          className="inline-alert__close"
          aria-label={t('common:action.close')}
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      ) : null}
    </div>
  );
}
