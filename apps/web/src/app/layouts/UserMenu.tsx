import { DownOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import type { User } from '@lintel/contracts/account';
import { Button, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeferredDropdown } from '../../components/DeferredDropdown';
import { safeUrl } from '../../lib/url';
import { useLogout } from '../../modules/account/api';
import { LOGIN_PATH } from '../routeTable';

const ACCOUNT_PATH = '/account';

/** The signed-in user's menu: who is signed in, the account settings (/account), and Sign out. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const displayName = user.nickName || user.name;
  const avatar = safeUrl(user.avatar);

  const items: MenuProps['items'] = [
    { key: 'account', label: t('layout:user.account', { name: user.name }), disabled: true },
    {
      key: 'settings',
      icon: <SettingOutlined />,
      label: <span data-testid="user-menu-settings">{t('layout:user.settings')}</span>,
    },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: <span data-testid="logout">{t('layout:user.logout')}</span>,
    },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'settings') {
      void navigate(ACCOUNT_PATH);
      return;
    }
    if (key !== 'logout') return;
    logout.mutate(undefined, { onSettled: () => void navigate(LOGIN_PATH, { replace: true }) });
  };

  return (
    <DeferredDropdown menu={{ items, onClick }}>
      <Button
        type="text"
        className="app-header__button app-header__user"
        aria-label={t('layout:user.menu', { name: displayName })}
        loading={logout.isPending}
        data-testid="user-menu"
      >
        <span className="app-header__avatar" aria-hidden>
          {avatar ? <img src={avatar} alt="" /> : <UserOutlined />}
        </span>
        <span className="app-header__label" data-testid="user-nickname">
          {displayName}
        </span>
        <DownOutlined className="app-header__caret" />
      </Button>
    </DeferredDropdown>
  );
}
