import {
  ENGINEERING_TYPE_OPTIONS,
  PROFILE_TEXT_MAX_LENGTH,
  type ProfilePayload,
  SEX,
  type Sex,
  WORK_OPTIONS,
} from '@lintel/contracts/account';
import { Alert, Button, Checkbox, Input, Radio, Select } from 'antd';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CityCascader } from '../../../components/CityCascader';
import { FormField } from '../../account/components/FormField';
import {
  missingProfileFields,
  type ProfileValues,
  profilePayloadOf,
  type RequiredProfileField,
} from '../profileValues';

interface ProfileFormProps {
  initial: ProfileValues;
  /** The cloud edition creates a trial project: the box shows ticked and locked (spec 000 §2). */
  cloud: boolean;
  onSubmit: (payload: ProfilePayload) => Promise<unknown>;
  submitting: boolean;
  /** Why the last save failed, already a display text. */
  error: string | null;
  /** Called on every edit, so a stale failure can go away. */
  onEdit?: () => void;
}

/**
 * Registration step 2 (spec 000 §2, §3, §5): sex, company, position, city (province / city / district), job
 * type and engineering type. Company, position, city, job type and engineering type are all required: one
 * missing shows 'all info required' and marks the empty fields. Enter submits. The fields are laid out with
 * the account screens' FormField rather than antd's Form engine, which these few fields do not need.
 */
export function ProfileForm({ initial, cloud, onSubmit, submitting, error, onEdit }: ProfileFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<ProfileValues>(initial);
  const [missing, setMissing] = useState<RequiredProfileField[]>([]);

  const change = <Field extends keyof ProfileValues>(field: Field, value: ProfileValues[Field]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once the message shows, it follows the fields as they are filled.
    if (missing.length > 0) setMissing(missingProfileFields(next));
    onEdit?.();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const found = missingProfileFields(values);
    setMissing(found);
    if (found.length > 0) return;
    await onSubmit(profilePayloadOf(values)).catch(() => undefined);
  };

  const status = (field: RequiredProfileField) => (missing.includes(field) ? 'error' : undefined);
  const item = (field: RequiredProfileField, label: string, control: ReactNode) => (
    <FormField id={`${id}-${field}`} label={label}>
      {control}
    </FormField>
  );

  return (
    <form
      className="profile-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      data-testid="profile-form"
    >
      <fieldset className="login-form__field profile-form__fieldset">
        <legend className="login-form__label">{t('profile:complete.sex')}</legend>
        <Radio.Group
          value={values.sex}
          onChange={(event) => change('sex', event.target.value as Sex)}
          data-testid="profile-sex"
          options={[
            { value: SEX.male, label: <span data-testid="profile-sex-male">{t('profile:sex.male')}</span> },
            {
              value: SEX.female,
              label: <span data-testid="profile-sex-female">{t('profile:sex.female')}</span>,
            },
          ]}
        />
      </fieldset>
      {item(
        'company',
        t('profile:complete.company'),
        <Input
          id={`${id}-company`}
          value={values.company}
          maxLength={PROFILE_TEXT_MAX_LENGTH}
          placeholder={t('profile:complete.companyPlaceholder')}
          onChange={(event) => change('company', event.target.value)}
          status={status('company')}
          data-testid="profile-company"
        />,
      )}
      {item(
        'position',
        t('profile:complete.position'),
        <Input
          id={`${id}-position`}
          value={values.position}
          maxLength={PROFILE_TEXT_MAX_LENGTH}
          placeholder={t('profile:complete.positionPlaceholder')}
          onChange={(event) => change('position', event.target.value)}
          status={status('position')}
          data-testid="profile-position"
        />,
      )}
      {item(
        'city',
        t('profile:complete.city'),
        <CityCascader
          id={`${id}-city`}
          value={values.city}
          onChange={(city) => change('city', city)}
          status={status('city')}
          testId="profile-city"
        />,
      )}
      {item(
        'work',
        t('profile:complete.work'),
        <Select
          id={`${id}-work`}
          className="profile-form__select"
          value={values.work}
          placeholder={t('profile:complete.workPlaceholder')}
          onChange={(work) => change('work', work)}
          status={status('work')}
          options={WORK_OPTIONS.map((work) => ({ value: work, label: t(`profile:work.${work}`) }))}
          data-testid="profile-work"
        />,
      )}
      {item(
        'project',
        t('profile:complete.project'),
        <Select
          id={`${id}-project`}
          className="profile-form__select"
          value={values.project}
          placeholder={t('profile:complete.projectPlaceholder')}
          onChange={(project) => change('project', project)}
          status={status('project')}
          options={ENGINEERING_TYPE_OPTIONS.map((type) => ({
            value: type,
            label: t(`profile:engineering.${type}`),
          }))}
          data-testid="profile-project"
        />,
      )}
      {cloud ? (
        <div className="login-form__field">
          <Checkbox checked disabled data-testid="profile-trial">
            {t('profile:complete.trial')}
          </Checkbox>
        </div>
      ) : null}
      {missing.length > 0 ? (
        <Alert
          className="profile-form__alert"
          type="error"
          showIcon
          title={t('profile:complete.allInfoRequired')}
          data-testid="profile-error"
        />
      ) : error ? (
        <Alert
          className="profile-form__alert"
          type="error"
          showIcon
          title={error}
          data-testid="profile-save-error"
        />
      ) : null}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={submitting}
        data-testid="profile-submit"
      >
        {t('profile:complete.submit')}
      </Button>
    </form>
  );
}
