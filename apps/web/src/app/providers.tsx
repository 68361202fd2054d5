import { normalizeLanguage } from '@lintel/contracts';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../lib/useIsPhone';
import { useAntdLocale } from './antdLocale';
import { PHONE_DRAWER, PHONE_MODAL } from './phoneSheets';
import { theme } from './theme';

/**
 * Everything a screen may rely on: the query cache, and antd's locale (antdLocale.ts) and theme following
 * the chosen language. antd's `App` (message / notification / modal) is not mounted here on purpose: it
 * would put the modal and notification code on every screen's critical path; a module that needs them uses
 * the hooks (`message.useMessage()`, `Modal.useModal()`) in its own chunk.
 *
 * On a phone (below 768 px, `useIsPhone`) every Modal and Drawer of the app becomes a full-screen sheet
 * (phoneSheets.ts, styled in global.css): set here, so a new module's dialogs get it without a line of
 * their own.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = useAntdLocale(normalizeLanguage(i18n.language));
  const phone = useIsPhone();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={locale}
        theme={theme}
        modal={phone ? PHONE_MODAL : undefined}
        drawer={phone ? PHONE_DRAWER : undefined}
      >
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
