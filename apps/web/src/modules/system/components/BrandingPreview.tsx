import type { Language } from '@lintel/contracts';
import type { SystemProfile } from '@lintel/contracts/system';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/BrandLogo';
import { formatDate } from '../../../lib/format';
import { copyrightCompany, displayVersion, productName } from '../api';

/** The header and footer as they will look, in one language (the shell's own texts and fallbacks). */
function PreviewIn({ profile, language }: { profile: SystemProfile; language: Language }) {
  const { i18n, t } = useTranslation();
  const layout = i18n.getFixedT(language, 'layout');
  const name = productName(profile, language);
  const company = copyrightCompany(profile, language);
  const buildDate = formatDate(profile.buildDate);
  return (
    <div className="branding-preview" data-testid={`branding-preview-${language}`} lang={language}>
      <Typography.Text type="secondary">
        {t(language === 'zh-CN' ? 'systemBranding:preview.zh' : 'systemBranding:preview.en')}
      </Typography.Text>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 10,
          padding: '10px 16px',
          marginTop: 6,
          background: 'var(--lintel-navy, #0f2747)',
          color: '#fff',
          borderRadius: '6px 6px 0 0',
          minWidth: 0,
        }}
      >
        <BrandLogo url={profile.logoUrl} alt={layout('header.logoAlt', { product: name })} size={28} />
        <span
          data-testid={`branding-preview-${language}-name`}
          style={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {name}
        </span>
      </div>
      <div
        style={{
          padding: '10px 16px',
          border: '1px solid var(--lintel-border, #e5e7eb)',
          borderTop: 0,
          borderRadius: '0 0 6px 6px',
          textAlign: 'center',
          fontSize: 12,
          lineHeight: 1.8,
          color: 'var(--lintel-text-muted, #6b7280)',
          overflowWrap: 'anywhere',
        }}
        data-testid={`branding-preview-${language}-footer`}
      >
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 12 }}>
          {company ? <span>{layout('footer.copyright', { company })}</span> : null}
          <span>{layout('footer.version', { version: displayVersion(profile) })}</span>
          {buildDate ? <span>{layout('footer.buildDate', { date: buildDate })}</span> : null}
          {profile.icp ? <span>{profile.icp}</span> : null}
        </div>
        {profile.extraInfo ? <div>{profile.extraInfo}</div> : null}
      </div>
    </div>
  );
}

/** The header and footer in both languages, from the values being edited. */
export function BrandingPreview({ profile }: { profile: SystemProfile }) {
  return (
    <div style={{ display: 'grid', gap: 16 }} data-testid="branding-preview">
      <PreviewIn profile={profile} language="zh-CN" />
      <PreviewIn profile={profile} language="en-US" />
    </div>
  );
}
