import { REMARK_MAX_LENGTH } from '@lintel/contracts/account';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** A remark of at most 150 characters (spec 000 §9), with its counter and rule, inside an antd Form. */
export function RemarkField({ label, testId }: { label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="remark"
      label={label}
      rules={[
        {
          max: REMARK_MAX_LENGTH,
          message: t('projectSettings:members.remarkTooLong', { max: REMARK_MAX_LENGTH }),
        },
      ]}
    >
      <Input.TextArea
        autoSize={{ minRows: 2 }}
        count={{ show: true, max: REMARK_MAX_LENGTH }}
        data-testid={testId}
      />
    </Form.Item>
  );
}
