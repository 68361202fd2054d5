import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/providers';
import { TestStyles } from './styles';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders one element inside the app's providers and a memory router (for components using Link). */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', queryClient = createTestQueryClient() } = {},
) {
  const result = render(
    <TestStyles>
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </AppProviders>
    </TestStyles>,
  );
  return { ...result, queryClient };
}
