import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { InlineAlert } from '../../components/InlineAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { useSession } from '../../modules/account/api';
import { productName, useSystemProfile } from '../../modules/system/api';
import { isUnknownPath, resolveRedirect } from '../guards';
import { ROUTES } from '../routeTable';
import type { AppRoute } from '../routeTypes';
import { useIdleLogout } from '../session/useIdleLogout';
import { useSessionWatch } from '../session/useSessionWatch';
import { useLanguage } from '../useLanguage';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';

/**
 * The root of every screen: waits for the system profile and the session, applies the route guards,
 * watches the session (tab visibility, idle logout) and frames the page with the header and the footer.
 */
export function AppShell({ routes = ROUTES }: { routes?: readonly AppRoute[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const profile = useSystemProfile();
  const session = useSession();
  const user = session.data ?? null;

  useSessionWatch();
  useIdleLogout(profile.data?.logoutTime ?? 0, user !== null);

  const title = profile.data ? productName(profile.data, language) : '';
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  if (profile.isPending || session.isPending) return <PageSpinner fullScreen />;
  if (profile.isError) {
    return (
      <div className="app-fatal">
        <ErrorState
          title={t('layout:shell.profileErrorTitle')}
          description={t('layout:shell.profileErrorDescription')}
          actionLabel={t('common:action.retry')}
          onAction={() => void profile.refetch()}
          busy={profile.isFetching}
          testId="profile-error"
        />
      </div>
    );
  }

  // A failed session check (other than 401) leaves the visitor view: the guards treat it as signed out.
  const redirect = resolveRedirect(location.pathname, user, routes, undefined, location.search);
  if (redirect) {
    // An address that does not exist goes home (or to sign-in) as the spec says, with a word about why.
    const notFound = isUnknownPath(location.pathname, routes) ? location.pathname : undefined;
    return <Navigate to={redirect} replace state={notFound ? { notFound } : undefined} />;
  }
  const notFound = (location.state as { notFound?: unknown } | null)?.notFound;

  return (
    <div className="app-shell">
      <AppHeader profile={profile.data} user={user} />
      <main className="app-content">
        {typeof notFound === 'string' && (
          <InlineAlert
            className="app-not-found"
            type="warning"
            testId="not-found-notice"
            message={t('layout:shell.notFound', { path: notFound })}
            onClose={() =>
              void navigate(`${location.pathname}${location.search}`, { replace: true, state: null })
            }
          />
        )}
        <Outlet />
      </main>
      <AppFooter profile={profile.data} />
    </div>
  );
}
