import { ageOn, ageWarning, checkMainlandIdNumber, ID_NUMBER_LENGTH } from '@lintel/contracts/personnel';
import { Alert, Form, Input, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/**
 * The form rule of an ID number: required, then the contracts' check with a message per problem. `masked`:
 * the masked value the server sent for an existing worker, accepted unchanged (it is then not sent back).
 */
export function useIdNumberRules(masked?: string) {
  const { t } = useTranslation();
  return [
    { required: true, whitespace: true, message: t('personnel:form.idRequired') },
    {
      validator: (_: unknown, value: string | undefined) => {
        if (!value?.trim() || (masked !== undefined && value === masked)) return Promise.resolve();
        const check = checkMainlandIdNumber(value, dayjs().format('YYYY-MM-DD'));
        return check.valid
          ? Promise.resolve()
          : Promise.reject(new Error(t(`personnel:form.idProblem.${check.reason}`)));
      },
    },
  ];
}

/**
 * The ID number, checked as it is typed (18 characters, region, a real birth date, the checksum); once valid,
 * the birth date, sex and age it gives are shown under it (the record takes them from it, spec 001 §5), with
 * a warning (not a refusal) under 18 or over 60. `masked`: an existing worker's masked ID number and age.
 */
export function IdNumberField({ masked }: { masked?: { idNumber: string; age: number } | undefined }) {
  const { t } = useTranslation();
  const rules = useIdNumberRules(masked?.idNumber);
  const value = Form.useWatch<string | undefined>('idNumber');
  const today = dayjs().format('YYYY-MM-DD');
  const check = value ? checkMainlandIdNumber(value, today) : null;
  const age = check?.valid
    ? ageOn(check.birthDate, today)
    : masked && value === masked.idNumber
      ? masked.age
      : null;
  const warning = age === null ? null : ageWarning(age);
  return (
    <Form.Item
      name="idNumber"
      label={t('personnel:field.idNumber')}
      rules={rules}
      validateTrigger={['onChange', 'onBlur']}
      extra={
        check?.valid || warning ? (
          <>
            {check?.valid ? (
              <Typography.Text type="secondary" data-testid="person-id-derived">
                {t('personnel:form.derived', {
                  birthDate: check.birthDate,
                  sex: t(`personnel:sex.${check.sex}`),
                  age: ageOn(check.birthDate, today),
                })}
              </Typography.Text>
            ) : null}
            {warning ? (
              <Alert
                type="warning"
                showIcon
                className="personnel__age-alert"
                title={t(`personnel:form.ageWarning.${warning}`)}
                data-testid="person-age-alert"
              />
            ) : null}
          </>
        ) : null
      }
    >
      <Input
        maxLength={ID_NUMBER_LENGTH + 2}
        autoComplete="off"
        spellCheck={false}
        data-testid="person-id-number"
      />
    </Form.Item>
  );
}
