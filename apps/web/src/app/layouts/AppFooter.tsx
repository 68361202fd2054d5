import type { SystemProfile } from '@lintel/contracts/system';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { copyrightCompany, displayVersion } from '../../modules/system/api';
import { useLanguage } from '../useLanguage';

/** ICP numbers are looked up on the ministry's filing site. */
const ICP_LOOKUP_URL = 'https://beian.miit.gov.cn/';

/** Copyright company, version and build date, the ICP number when set, and extra info. */
export function AppFooter({ profile }: { profile: SystemProfile }) {
  const { t } = useTranslation();
  const company = copyrightCompany(profile, useLanguage());
  const buildDate = formatDate(profile.buildDate);
  return (
    <footer className="app-footer" data-testid="app-footer">
      <div className="app-footer__line">
        {company ? (
          <span data-testid="footer-copyright">{t('layout:footer.copyright', { company })}</span>
        ) : null}
        <span data-testid="footer-version">
          {t('layout:footer.version', { version: displayVersion(profile) })}
        </span>
        {buildDate ? (
          <span data-testid="footer-build-date">{t('layout:footer.buildDate', { date: buildDate })}</span>
        ) : null}
        {profile.icp ? (
          <a href={ICP_LOOKUP_URL} target="_blank" rel="noopener noreferrer" data-testid="footer-icp">
            {profile.icp}
          </a>
        ) : null}
      </div>
      {profile.extraInfo ? (
        <div className="app-footer__extra" data-testid="footer-extra">
          {profile.extraInfo}
        </div>
      ) : null}
    </footer>
  );
}
