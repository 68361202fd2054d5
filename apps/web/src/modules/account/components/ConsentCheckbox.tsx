import './flows.css';
import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { clauseUrl } from '../clauses';

interface ConsentCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}

/**
 * "I have read and agree to the user agreement and the privacy policy" (issue 17, PIPL): never ticked in
 * advance; each text opens in a new window (spec 000 §2). Registration cannot go on without it.
 */
export function ConsentCheckbox({ checked, onChange, error }: ConsentCheckboxProps) {
  const { t } = useTranslation();
  const link = (clause: 'agreement' | 'privacy') => (
    <a href={clauseUrl(clause)} target="_blank" rel="noopener noreferrer" data-testid={`consent-${clause}`}>
      {t(`register:consent.${clause}`)}
    </a>
  );
  return (
    <div className="consent" data-testid="register-consent-field">
      <Checkbox
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={error ? true : undefined}
        data-testid="register-consent"
      >
        {t('register:consent.prefix')} {link('agreement')} {t('register:consent.and')} {link('privacy')}
      </Checkbox>
      {error ? (
        <div className="consent__error" role="alert" data-testid="register-consent-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
