import { UserOutlined } from '@ant-design/icons';
import type { User } from '@lintel/contracts/account';
import { Avatar, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { safeUrl } from '../../../lib/url';

/** Who is signed in: nickname, account, phone and email. */
export function WelcomePanel({ user }: { user: User }) {
  const { t } = useTranslation();
  const notSet = <Typography.Text type="secondary">{t('home:welcome.notSet')}</Typography.Text>;
  return (
    <Card className="home-welcome" variant="borderless" data-testid="home-welcome">
      <div className="home-welcome__head">
        <Avatar size={56} src={safeUrl(user.avatar) ?? undefined} icon={<UserOutlined />} />
        <Typography.Title level={3} className="home-welcome__title" data-testid="home-welcome-title">
          {t('home:welcome.title', { name: user.nickName || user.name })}
        </Typography.Title>
      </div>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          {
            key: 'account',
            label: t('home:welcome.account'),
            children: <span data-testid="home-account">{user.name}</span>,
          },
          { key: 'phone', label: t('home:welcome.phone'), children: user.phoneNumber || notSet },
          { key: 'email', label: t('home:welcome.email'), children: user.email || notSet },
        ]}
      />
    </Card>
  );
}
