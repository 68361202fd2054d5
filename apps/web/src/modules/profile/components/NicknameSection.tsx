import { REAL_NAME_MAX_LENGTH, type User, validateRealName } from '@lintel/contracts/account';
import { Button, Input, Space } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { FormField } from '../../account/components/FormField';
import { useSaveNickname } from '../api';
import { ruleMessage } from '../ruleMessage';
import { SectionResult } from './SectionResult';

/** The nickname (the registration's real name: required, at most 20 characters), saved on its own. */
export function NicknameSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveNickname(user._id);
  const [nickName, setNickName] = useState(user.nickName);
  const [rule, setRule] = useState<string | null>(null);
  const unchanged = nickName.trim() === user.nickName;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const key = validateRealName(nickName);
    setRule(key ? ruleMessage(key, t) : null);
    if (key || unchanged) return;
    save.mutate(nickName.trim());
  };

  return (
    <form className="account-section" noValidate onSubmit={submit} data-testid="account-nickname-form">
      <FormField
        id={id}
        label={t('accountPage:basic.nickname')}
        error={rule}
        errorTestId="account-nickname-rule"
      >
        <Space.Compact block>
          <Input
            id={id}
            value={nickName}
            maxLength={REAL_NAME_MAX_LENGTH}
            placeholder={t('accountPage:basic.nicknamePlaceholder')}
            status={rule ? 'error' : undefined}
            aria-invalid={rule ? true : undefined}
            aria-describedby={rule ? `${id}-error` : undefined}
            onChange={(event) => {
              setNickName(event.target.value);
              setRule(null);
              save.reset();
            }}
            data-testid="account-nickname"
          />
          <Button
            type="primary"
            htmlType="submit"
            loading={save.isPending}
            disabled={unchanged}
            data-testid="account-nickname-save"
          >
            {t('accountPage:save')}
          </Button>
        </Space.Compact>
      </FormField>
      <SectionResult
        success={save.isSuccess ? t('accountPage:basic.saved') : null}
        error={save.isError ? t('accountPage:basic.failed', { message: errorMessage(save.error, t) }) : null}
        testId="account-nickname"
      />
    </form>
  );
}
