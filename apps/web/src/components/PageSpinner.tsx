import { useTranslation } from 'react-i18next';

/**
 * A centred spinner for a screen whose data or code is still on its way. It draws antd's large Spin (four
 * dots turning) in plain CSS (`.page-spinner__dots` in global.css): it is on screen before anything else,
 * so it stays out of antd's style engine and its code.
 */
export function PageSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={fullScreen ? 'page-spinner page-spinner--full' : 'page-spinner'}
      role="status"
      aria-live="polite"
      aria-label={t('common:state.loading')}
      data-testid="page-spinner"
    >
      <span className="page-spinner__dots" aria-hidden>
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
