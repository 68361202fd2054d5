import type { User } from '@lintel/contracts/account';
import type { SystemProfile } from '@lintel/contracts/system';
import { render } from '@testing-library/react';
import { type ReactElement, useLayoutEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '../app/providers';
import { accountKeys } from '../modules/account/api';
import { systemKeys } from '../modules/system/api';
import { makeProfile } from './fixtures';
import { createTestQueryClient } from './render';
import { TestStyles } from './styles';

/** Where the router is, as the test reads it. */
export interface LocationProbe {
  pathname: string;
  search: string;
  state: unknown;
}

/**
 * Written in a layout effect, in the same commit that renders the page: with a passive effect, a test that
 * found the new page's marker could still read the old path on a busy machine.
 */
function Probe({ probe }: { probe: LocationProbe }) {
  const location = useLocation();
  useLayoutEffect(() => {
    probe.pathname = location.pathname;
    probe.search = location.search;
    probe.state = location.state;
  });
  return null;
}

/**
 * Renders pages by path (as the shell would, once the profile and the session are in: both are put in the
 * query cache) starting at `path`; other paths a page navigates to can be given as plain markers.
 */
export function renderRoutes(
  routes: Record<string, ReactElement>,
  {
    path,
    user = null,
    profile = makeProfile(),
    state,
  }: { path: string; user?: User | null; profile?: SystemProfile; state?: unknown },
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(systemKeys.profile(), profile);
  queryClient.setQueryData(accountKeys.session(), user);
  const location: LocationProbe = { pathname: '', search: '', state: undefined };
  const start = new URL(path, 'http://localhost');
  const result = render(
    <TestStyles>
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[{ pathname: start.pathname, search: start.search, state }]}>
          <Routes>
            {Object.entries(routes).map(([routePath, element]) => (
              <Route key={routePath} path={routePath} element={element} />
            ))}
          </Routes>
          <Probe probe={location} />
        </MemoryRouter>
      </AppProviders>
    </TestStyles>,
  );
  return { ...result, queryClient, location };
}
