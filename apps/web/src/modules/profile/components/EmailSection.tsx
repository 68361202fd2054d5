import { EMAIL_MAX_LENGTH, type User, validateEmail } from '@lintel/contracts/account';
import { Button, Input } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { FormField } from '../../account/components/FormField';
import { useChangeEmail } from '../api';
import { ruleMessage } from '../ruleMessage';
import {
  EMPTY_REAUTH,
  isReauthError,
  ReauthField,
  type ReauthValue,
  reauthBody,
  reauthProblem,
} from './ReauthField';
import { SectionResult } from './SectionResult';

/**
 * The email (required, local@domain), changed with PUT users/{id}/email. The change needs the current
 * password or a code sent to the current phone (issue 14); the proof's errors show on its field.
 */
export function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useChangeEmail(user._id);
  const [email, setEmail] = useState(user.email);
  const [rule, setRule] = useState<string | null>(null);
  const [proof, setProof] = useState<ReauthValue>(EMPTY_REAUTH);
  const [proofError, setProofError] = useState<string | null>(null);
  const [saved, setSaved] = useState(0);
  const unchanged = email.trim() === user.email;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const key = validateEmail(email);
    setRule(key ? ruleMessage(key, t) : null);
    const missing = unchanged ? null : reauthProblem(proof, t);
    setProofError(missing);
    if (key || unchanged || missing) return;
    save.mutate(
      { email: email.trim(), proof: reauthBody(proof) },
      {
        onSuccess: () => {
          setProof(EMPTY_REAUTH);
          setSaved((n) => n + 1);
        },
        onError: (error) => {
          if (isReauthError(error)) setProofError(errorMessage(error, t));
        },
      },
    );
  };

  const failure = save.isError && !isReauthError(save.error);

  return (
    <form className="account-section" noValidate onSubmit={submit} data-testid="account-email-form">
      <FormField id={id} label={t('accountPage:email.label')} error={rule} errorTestId="account-email-rule">
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
      </FormField>
      {unchanged ? null : (
        <ReauthField
          user={user}
          value={proof}
          onChange={(next) => {
            setProof(next);
            setProofError(null);
            save.reset();
          }}
          error={proofError}
          testIdPrefix="account-email"
          resetKey={saved}
        />
      )}
      <Button
        type="primary"
        htmlType="submit"
        loading={save.isPending}
        disabled={unchanged}
        data-testid="account-email-save"
      >
        {t('accountPage:save')}
      </Button>
      <SectionResult
        success={save.isSuccess ? t('accountPage:email.saved') : null}
        error={failure ? t('accountPage:email.failed', { message: errorMessage(save.error, t) }) : null}
        testId="account-email"
      />
    </form>
  );
}
