import type { AdminUser } from '@lintel/contracts/system';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The state tags of a user: administrator, trial, disabled, locked, must choose a new password. */
export function UserTags({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  return (
    <>
      {user.isSystemAdmin ? <Tag color="red">{t('system:users.admin')}</Tag> : null}
      {user.isTrial ? <Tag color="orange">{t('system:users.trial')}</Tag> : null}
      {user.disabled ? (
        <Tag color="default" data-testid="system-user-disabled">
          {t('system:users.disabled')}
        </Tag>
      ) : null}
      {user.lockedUntil ? (
        <Tag color="gold" data-testid="system-user-locked">
          {t('system:users.locked')}
        </Tag>
      ) : null}
      {user.mustChangePassword ? <Tag color="blue">{t('system:users.mustChangePassword')}</Tag> : null}
    </>
  );
}
