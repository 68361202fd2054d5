import { ORG_NAME_MAX_LENGTH } from '@lintel/contracts/org';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FieldSchema, schemaRule } from '../schemaRule';

/**
 * The name field of the enterprise area's edit dialogs: checked with the contracts' schema for that name,
 * counted against ORG_NAME_MAX_LENGTH, Enter submits.
 */
export function OrgNameItem({
  schema,
  label,
  testId,
  onEnter,
}: {
  schema: FieldSchema;
  label: string;
  testId: string;
  onEnter: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="name"
      label={label}
      rules={[
        schemaRule(schema, (code) =>
          code === 'too_big'
            ? t('enterprise:rule.nameTooLong', { max: ORG_NAME_MAX_LENGTH })
            : t('enterprise:rule.nameRequired'),
        ),
      ]}
    >
      <Input
        autoFocus
        count={{ show: true, max: ORG_NAME_MAX_LENGTH }}
        onPressEnter={onEnter}
        data-testid={testId}
      />
    </Form.Item>
  );
}
