import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../../app/routeTable';

/** What a project member without administration rights (or anyone the server refuses) sees. */
export function NoPermission() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('projectSettings:noPermission.title')}
      subTitle={t('projectSettings:noPermission.description')}
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          {t('common:action.backHome')}
        </Button>
      }
      data-testid="settings-no-permission"
    />
  );
}
