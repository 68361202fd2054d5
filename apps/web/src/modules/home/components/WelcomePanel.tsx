import { UserOutlined } from '@ant-design/icons';
import type { User } from '@lintel/contracts/account';
import { Avatar, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { safeUrl } from '../../../lib/url';

/** Who is signed in, on one compact line: avatar, greeting, account and phone. */
export function WelcomePanel({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Card className="home-welcome" variant="borderless" size="small" data-testid="home-welcome">
      <div className="home-welcome__row">
        <Avatar size={40} src={safeUrl(user.avatar) ?? undefined} icon={<UserOutlined />} />
        <Typography.Title level={5} className="home-welcome__title" data-testid="home-welcome-title">
          {t('home:welcome.title', { name: user.nickName || user.name })}
        </Typography.Title>
        <Typography.Text type="secondary" className="home-welcome__meta">
          {t('home:welcome.account')} <span data-testid="home-account">{user.name}</span>
          {' · '}
          {t('home:welcome.phone')} {user.phoneNumber || t('home:welcome.notSet')}
        </Typography.Text>
      </div>
    </Card>
  );
}
