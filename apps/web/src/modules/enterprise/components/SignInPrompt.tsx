import { LoginOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loginPathReturningTo } from '../../../app/guards';

/** A page that needs no login (spec 000 §2) opened by a visitor: what it is and the way to sign in. */
export function SignInPrompt({ title, testId }: { title: string; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Result
      status="info"
      title={title}
      subTitle={t('enterprise:visitor.description')}
      data-testid={testId}
      extra={
        <Button
          type="primary"
          icon={<LoginOutlined />}
          onClick={() => void navigate(loginPathReturningTo(`${location.pathname}${location.search}`))}
          data-testid={`${testId}-sign-in`}
        >
          {t('enterprise:visitor.signIn')}
        </Button>
      }
    />
  );
}
