import type { User } from '@lintel/contracts/account';
import type { SystemProfile } from '@lintel/contracts/system';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/BrandLogo';
import { DownloadIcon } from '../../components/icons';
import { productName } from '../../modules/system/api';
import { HOME_PATH } from '../routeTable';
import { useLanguage } from '../useLanguage';
import { LanguageMenu } from './LanguageMenu';

/** Only a signed-in user has a menu: its code stays off the screens of visitors (the sign-in screen). */
const UserMenu = lazy(() => import('./UserMenu').then((module) => ({ default: module.UserMenu })));
/** The live unread badge and its notification stream: signed-in users only, so never on /login. */
const NotificationBell = lazy(() => import('../../modules/notifications/components/NotificationBell'));

/** Logo and product name, the download link, the language menu (when i18n is on) and the user menu. */
export function AppHeader({ profile, user }: { profile: SystemProfile; user: User | null }) {
  const { t } = useTranslation();
  const name = productName(profile, useLanguage());
  return (
    <header className="app-header" data-testid="app-header">
      <Link to={HOME_PATH} className="app-header__brand" aria-label={t('layout:header.home')}>
        <BrandLogo url={profile.logoUrl} alt={t('layout:header.logoAlt', { product: name })} size={30} />
        <span className="app-header__name" data-testid="product-name">
          {name}
        </span>
      </Link>
      <nav className="app-header__actions">
        <Link to="/download" className="app-header__link" data-testid="header-download">
          <DownloadIcon />
          <span className="app-header__label">{t('layout:header.download')}</span>
        </Link>
        {profile.i18n ? <LanguageMenu /> : null}
        {user ? (
          <Suspense fallback={null}>
            {/* Keyed by user: another account signing in gets a stream of its own. */}
            <NotificationBell key={user._id} />
          </Suspense>
        ) : null}
        {user ? (
          <Suspense fallback={null}>
            <UserMenu user={user} />
          </Suspense>
        ) : null}
      </nav>
    </header>
  );
}
