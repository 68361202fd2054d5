import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DownloadIcon } from '../../../components/icons';

/** Forgot password, register and product download (spec 000 §2 "Links shown"). */
export function LoginLinks() {
  const { t } = useTranslation();
  return (
    <div className="login-links">
      <div className="login-links__row">
        <Link to="/findPassword" data-testid="login-link-forgot">
          {t('login:links.forgotPassword')}
        </Link>
        <span>
          {t('login:links.noAccount')}{' '}
          <Link to="/register" data-testid="login-link-register">
            {t('login:links.register')}
          </Link>
        </span>
      </div>
      <Link to="/download" className="login-links__download" data-testid="login-link-download">
        <DownloadIcon /> {t('login:links.download')}
      </Link>
    </div>
  );
}
