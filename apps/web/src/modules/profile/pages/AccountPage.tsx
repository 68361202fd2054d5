import '../locales';
import '../profile.css';
import { LoginOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../../app/routeTable';
import { useCurrentUser } from '../../account/api';
import { AvatarUploader } from '../components/AvatarUploader';
import { EmailSection } from '../components/EmailSection';
import { NicknameSection } from '../components/NicknameSection';
import { PasswordSection } from '../components/PasswordSection';
import { PhoneSection } from '../components/PhoneSection';
import { ProfileSummary } from '../components/ProfileSummary';

/** /account for a visitor (the route needs no login, spec 000 §2): what the page is, and the way in. */
function SignInPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="account-visitor" data-testid="account-visitor">
      <Typography.Title level={3}>{t('accountPage:visitor.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('accountPage:visitor.description')}</Typography.Paragraph>
      <Button
        type="primary"
        size="large"
        icon={<LoginOutlined />}
        onClick={() => void navigate(LOGIN_PATH)}
        data-testid="account-sign-in"
      >
        {t('accountPage:visitor.signIn')}
      </Button>
    </section>
  );
}

/**
 * /account: the signed-in user's account. Avatar, nickname, email, phone and password each save on their
 * own with their own outcome; the profile of registration step 2 is shown with a way to edit it. The
 * sections are keyed by the user, so another user signing in starts from clean forms.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <div className="page account-page" data-testid="account-page">
      <header className="page__header">
        <Typography.Title level={2} className="page__title">
          {t('accountPage:title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="page__subtitle">
          {t('accountPage:subtitle')}
        </Typography.Paragraph>
      </header>
      {user ? (
        <div className="account-page__grid" key={user._id}>
          <Card title={t('accountPage:basic.title')} className="account-page__card">
            <AvatarUploader user={user} />
            <Descriptions
              className="account-page__account"
              size="small"
              column={1}
              items={[
                {
                  key: 'name',
                  label: t('accountPage:basic.account'),
                  children: <span data-testid="account-name">{user.name}</span>,
                },
              ]}
            />
            <NicknameSection user={user} />
          </Card>
          <Card title={t('accountPage:profile.title')} className="account-page__card">
            <ProfileSummary user={user} />
          </Card>
          <Card title={t('accountPage:email.title')} className="account-page__card">
            <EmailSection user={user} />
          </Card>
          <Card title={t('accountPage:phone.title')} className="account-page__card">
            <PhoneSection user={user} />
          </Card>
          <Card title={t('accountPage:password.title')} className="account-page__card">
            <PasswordSection user={user} />
          </Card>
        </div>
      ) : (
        <SignInPrompt />
      )}
    </div>
  );
}
