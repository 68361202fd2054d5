import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const router = createAppRouter();

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
