import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { AppShell } from './layouts/AppShell';
import { RouteError } from './layouts/RouteError';
import { ROUTES } from './routeTable';
import type { AppRoute } from './routeTypes';

function ShellFallback() {
  return <PageSpinner fullScreen />;
}

/**
 * The route objects of the data router, built from the route table: every mounted page is its own lazily
 * loaded chunk under the shell. `/` and unknown paths render nothing themselves: the shell's guard
 * redirects them (see guards.ts).
 */
export function buildRouteObjects(routes: readonly AppRoute[] = ROUTES): RouteObject[] {
  const pages: RouteObject[] = [];
  for (const route of routes) {
    const load = route.page;
    if (!load) continue;
    pages.push({
      path: route.path,
      ErrorBoundary: RouteError,
      lazy: async () => ({ Component: (await load()).default }),
    });
  }
  return [
    {
      id: 'root',
      Component: AppShell,
      HydrateFallback: ShellFallback,
      ErrorBoundary: RouteError,
      children: [{ index: true, element: null }, ...pages, { path: '*', element: null }],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects());
}
