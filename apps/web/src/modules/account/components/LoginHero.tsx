import { useTranslation } from 'react-i18next';
import { ApprovalIcon, ModelIcon, OrganizationIcon } from '../../../components/icons';

/** The brand side of the sign-in screen (hidden on narrow screens). */
export function LoginHero({ product }: { product: string }) {
  const { t } = useTranslation();
  const points = [
    { key: 'model', icon: <ModelIcon />, text: t('login:hero.points.model') },
    { key: 'team', icon: <OrganizationIcon />, text: t('login:hero.points.team') },
    { key: 'flow', icon: <ApprovalIcon />, text: t('login:hero.points.flow') },
  ];
  return (
    <section className="login-hero" aria-label={product}>
      <div className="login-hero__grid" aria-hidden />
      <div className="login-hero__body">
        <p className="login-hero__product">{product}</p>
        <h1 className="login-hero__title">{t('login:hero.title')}</h1>
        <p className="login-hero__subtitle">{t('login:hero.subtitle')}</p>
        <ul className="login-hero__points">
          {points.map((point) => (
            <li key={point.key}>
              <span className="login-hero__icon">{point.icon}</span>
              {point.text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
