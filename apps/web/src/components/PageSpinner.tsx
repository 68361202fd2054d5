import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** A centred spinner for a screen whose data or code is still on its way. */
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
      <Spin size="large" />
    </div>
  );
}
