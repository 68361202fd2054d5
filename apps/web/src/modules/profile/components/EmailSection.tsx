import { EMAIL_MAX_LENGTH, type User, validateEmail } from '@lintel/contracts/account';
import { Button, Input, Space } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { FormField } from '../../account/components/FormField';
import { useChangeEmail } from '../api';
import { ruleMessage } from '../ruleMessage';
import { SectionResult } from './SectionResult';

/** The email (required, local@domain), changed with PUT users/{id}/email. */
export function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useChangeEmail(user._id);
  const [email, setEmail] = useState(user.email);
  const [rule, setRule] = useState<string | null>(null);
  const unchanged = email.trim() === user.email;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const key = validateEmail(email);
    setRule(key ? ruleMessage(key, t) : null);
    if (key || unchanged) return;
    save.mutate(email.trim());
  };

  return (
    <form className="account-section" noValidate onSubmit={submit} data-testid="account-email-form">
      <FormField id={id} label={t('accountPage:email.label')} error={rule} errorTestId="account-email-rule">
        <Space.Compact block>
          <Input
            id={id}
            inputMode="email"
            autoComplete="email"
            value={email}
            maxLength={EMAIL_MAX_LENGTH}
            placeholder={t('accountPage:email.placeholder')}
            status={rule ? 'error' : undefined}
            aria-invalid={rule ? true : undefined}
            aria-describedby={rule ? `${id}-error` : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setRule(null);
              save.reset();
            }}
            data-testid="account-email"
          />
          <Button
            type="primary"
            htmlType="submit"
            loading={save.isPending}
            disabled={unchanged}
            data-testid="account-email-save"
          >
            {t('accountPage:save')}
          </Button>
        </Space.Compact>
      </FormField>
      <SectionResult
        success={save.isSuccess ? t('accountPage:email.saved') : null}
        error={save.isError ? t('accountPage:email.failed', { message: errorMessage(save.error, t) }) : null}
        testId="account-email"
      />
    </form>
  );
}
