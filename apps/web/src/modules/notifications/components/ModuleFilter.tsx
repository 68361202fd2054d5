import {
  NOTIFICATION_MODULES,
  type NotificationModule,
  notificationModuleLabel,
} from '@lintel/contracts/notifications';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';

/**
 * The modules whose screens exist in this build and that send notifications or to-dos (issue 17: no
 * filter for modules without screens). NOTIFICATION_MODULES keeps spec 001 §2's whole list.
 */
export const FILTERABLE_MODULES: readonly NotificationModule[] = NOTIFICATION_MODULES.filter((module) =>
  ['contactList', 'memberManagement', 'system', 'announcement', 'topic'].includes(module),
);

/** The module filter of spec 001 §2, with the contracts' labels; empty means every module. */
export function ModuleFilter({
  value,
  onChange,
  testId,
}: {
  value: NotificationModule | null;
  onChange: (module: NotificationModule | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Select<NotificationModule>
      className="notification-centre__module"
      value={value ?? undefined}
      onChange={(next) => onChange(next ?? null)}
      allowClear
      // All the options in the page (a virtual list would leave the last ones out of it).
      virtual={false}
      placeholder={t('notifications:filter.allModules')}
      aria-label={t('notifications:filter.module')}
      options={FILTERABLE_MODULES.map((module) => ({
        value: module,
        label: notificationModuleLabel(module, language),
      }))}
      data-testid={testId}
    />
  );
}

export function ModuleTag({ module }: { module: string }) {
  const language = useLanguage();
  return <span className="notification-module">{notificationModuleLabel(module, language)}</span>;
}
