import { DownloadOutlined, LoginOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BrandLogo } from '../../../components/BrandLogo';
import { useProfile } from '../../system/api';

/** /home for a visitor (it needs no login): the product and a way in. */
export function VisitorLanding({ product }: { product: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { logoUrl } = useProfile();
  return (
    <section className="home-landing" data-testid="home-landing">
      <BrandLogo url={logoUrl} alt={t('layout:header.logoAlt', { product })} size={56} />
      <h1 className="home-landing__title">{product}</h1>
      <p className="home-landing__subtitle">{t('home:visitor.subtitle')}</p>
      <div className="home-landing__actions">
        <Button
          type="primary"
          size="large"
          icon={<LoginOutlined />}
          onClick={() => void navigate('/login')}
          data-testid="home-sign-in"
        >
          {t('home:visitor.signIn')}
        </Button>
        <Button size="large" icon={<DownloadOutlined />} onClick={() => void navigate('/download')}>
          {t('home:visitor.download')}
        </Button>
      </div>
    </section>
  );
}
