import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { loadAntdTexts } from './antdLocale';
import { findMountedRoute } from './guards';
import { AppShell } from './layouts/AppShell';
import { RouteErrorBoundary } from './layouts/RouteError';
import { HOME_PATH, ROUTES } from './routeTable';
import type { AppRoute, PageLoader } from './routeTypes';

/**
 * Loads a page's code and, unless the page needs only antd's core texts, antd's full locale with it (in
 * parallel), so the page never shows antd's English defaults first. Without the locale (a failed load) the
 * page still renders, with the core texts.
 */
function loadPage(route: AppRoute & { page: PageLoader }): ReturnType<PageLoader> {
  if (route.antdTexts === 'core') return route.page();
  return Promise.all([route.page(), loadAntdTexts().catch(() => undefined)]).then(([page]) => page);
}

/** One lazy component per page loader, so a page keeps its identity (and state) across renders. */
const lazyPages = new Map<PageLoader, ComponentType>();

function lazyPage(route: AppRoute & { page: PageLoader }): ComponentType {
  let page = lazyPages.get(route.page);
  if (!page) {
    page = lazy(() => loadPage(route));
    lazyPages.set(route.page, page);
  }
  return page;
}

/**
 * Starts loading the code of the page `pathname` shows, alongside the profile and session checks rather
 * than after them (the shell renders the page only once both are in). `/` shows /home.
 */
export function preloadPage(pathname: string, routes: readonly AppRoute[] = ROUTES): void {
  const route = findMountedRoute(pathname === '/' ? HOME_PATH : pathname, routes);
  if (route?.page) void loadPage({ ...route, page: route.page }).catch(() => undefined);
}

/** While a page's code is on its way: the progress bar on top and a spinner where the page goes. */
function PageFallback() {
  const { t } = useTranslation();
  return (
    <>
      <div className="route-progress" role="progressbar" aria-label={t('layout:shell.navigating')} />
      <PageSpinner />
    </>
  );
}

/**
 * The route elements, built from the route table: every mounted page is its own lazily loaded chunk under
 * the shell, with its own error boundary (a page that throws or whose code cannot be loaded shows
 * RouteError; header and footer stay). `/` and unknown paths render nothing themselves: the shell's guard
 * redirects them (see guards.ts).
 */
export function buildRouteElements(routes: readonly AppRoute[] = ROUTES): ReactElement {
  return (
    <Route element={<AppShell routes={routes} />}>
      <Route index element={null} />
      {routes.map((route) => {
        if (!route.page) return null;
        const Page = lazyPage({ ...route, page: route.page });
        return (
          <Route
            key={route.path}
            path={route.path}
            element={
              // Keyed by route: another page gets a fresh boundary, and a fresh Suspense whose fallback shows
              // while the next page's code loads.
              <RouteErrorBoundary key={route.path}>
                <Suspense fallback={<PageFallback />}>
                  <Page />
                </Suspense>
              </RouteErrorBoundary>
            }
          />
        );
      })}
      <Route path="*" element={null} />
    </Route>
  );
}

/** The app's routes; the outer boundary catches what the shell itself throws, until the path changes. */
export function AppRoutes({ routes = ROUTES }: { routes?: readonly AppRoute[] }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Routes>{buildRouteElements(routes)}</Routes>
    </RouteErrorBoundary>
  );
}
