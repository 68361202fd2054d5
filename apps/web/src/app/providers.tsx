import { normalizeLanguage } from '@lintel/contracts';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAntdLocale } from './antdLocale';
import { theme } from './theme';

/**
 * Everything a screen may rely on: the query cache, and antd's locale (antdLocale.ts) and theme following
 * the chosen language. antd's `App` (message / notification / modal) is not mounted here on purpose: it
 * would put the modal and notification code on every screen's critical path; a module that needs them uses
 * the hooks (`message.useMessage()`, `Modal.useModal()`) in its own chunk.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = useAntdLocale(normalizeLanguage(i18n.language));
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={theme}>
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
