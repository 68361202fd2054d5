import './flows.css';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../system/api';
import { clauseUrl, useServedClauses } from '../clauses';

/**
 * "By signing in or registering you agree to the privacy policy and the user agreement", each opening in a
 * new window (spec 000 §2): on the register and SMS views, when the profile's privacy notice is on and the
 * server serves the documents (see clauses.ts).
 */
export function ClauseLinks() {
  const { t } = useTranslation();
  const { privacyNotice } = useProfile();
  const served = useServedClauses(privacyNotice).data ?? [];
  if (!privacyNotice || served.length === 0) return null;
  const links = served.map((clause) => (
    <a
      key={clause}
      href={clauseUrl(clause)}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={`clause-${clause}`}
    >
      {t(clause === 'privacy' ? 'sms:clauses.privacy' : 'sms:clauses.agreement')}
    </a>
  ));
  return (
    <p className="clause-links" data-testid="clause-links">
      {t('sms:clauses.notice')} {links[0]}
      {links[1] ? (
        <>
          {' '}
          {t('sms:clauses.and')} {links[1]}
        </>
      ) : null}
    </p>
  );
}
