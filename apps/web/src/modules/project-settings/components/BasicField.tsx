import { PROJECT_SHORT_NAME_MAX_LENGTH, validateProjectShortName } from '@lintel/contracts/account';
import { OPTION_LABELS } from '@lintel/contracts/org';
import { Col, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';
import { CityCascader } from '../../../components/CityCascader';
import { DATE_FORMAT } from '../basicInfo';
import type { FieldSpec, OptionList } from './basicFields';
import { OPTION_LISTS } from './basicFields';
import { PicturesField } from './PicturesField';

function useOptions(list: OptionList) {
  const language = useLanguage();
  const labels = OPTION_LABELS[list] as Record<string, Record<string, string>>;
  return OPTION_LISTS[list].map((key) => ({ value: key, label: labels[key]?.[language] ?? key }));
}

function OptionSelect({
  list,
  multiple,
  allowClear,
  ...rest
}: {
  list: OptionList;
  multiple?: boolean;
  allowClear?: boolean;
  'data-testid'?: string;
  id?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      allowClear={allowClear || multiple}
      options={useOptions(list)}
      placeholder={t('projectSettings:basic.choose')}
    />
  );
}

/** One field of the basic-info form, by its kind; labels and messages from projectSettings:basic. */
export function BasicField({ spec, onError }: { spec: FieldSpec; onError: (message: string) => void }) {
  const { t } = useTranslation();
  const label = t(`projectSettings:basic.fields.${spec.name}`);
  const testId = `basic-${spec.name}`;
  const { kind } = spec;
  const tooLong = (max: number): Rule => ({
    max,
    message: t('projectSettings:basic.tooLong', { label, max }),
  });
  const span = spec.wide ? 24 : 12;

  let input: ReactNode;
  let rules: Rule[] = [];
  let extra: Record<string, unknown> = {};
  switch (kind.type) {
    case 'text':
      rules = [
        ...(kind.required
          ? [{ required: true, whitespace: true, message: t('projectSettings:basic.required', { label }) }]
          : []),
        tooLong(kind.max ?? 200),
      ];
      input = <Input data-testid={testId} />;
      break;
    case 'shortName':
      rules = [
        {
          validator: (_, value: string | null | undefined) =>
            validateProjectShortName(value)
              ? Promise.reject(
                  new Error(
                    t('projectSettings:basic.shortNameTooLong', { max: PROJECT_SHORT_NAME_MAX_LENGTH }),
                  ),
                )
              : Promise.resolve(),
        },
      ];
      input = <Input data-testid={testId} count={{ show: true, max: PROJECT_SHORT_NAME_MAX_LENGTH }} />;
      break;
    case 'textarea':
      rules = [tooLong(kind.max)];
      input = (
        <Input.TextArea
          data-testid={testId}
          autoSize={{ minRows: 2, maxRows: 8 }}
          count={{ show: true, max: kind.max }}
        />
      );
      break;
    case 'select':
      input = <OptionSelect list={kind.list} allowClear={kind.allowClear} data-testid={testId} />;
      break;
    case 'multi':
      input = <OptionSelect list={kind.list} multiple data-testid={testId} />;
      break;
    case 'date':
      input = <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid={testId} />;
      break;
    case 'integer':
      input = (
        <InputNumber
          min={0}
          precision={0}
          style={{ width: '100%' }}
          suffix={kind.suffix ? t(`projectSettings:basic.units.${kind.suffix}`) : undefined}
          data-testid={testId}
        />
      );
      break;
    case 'measure':
      if (kind.unitField && kind.unitList) {
        return (
          <Col xs={24} md={span}>
            <Form.Item label={label}>
              <Space.Compact block>
                <Form.Item name={spec.name} noStyle>
                  <InputNumber min={0} style={{ width: '65%' }} data-testid={testId} aria-label={label} />
                </Form.Item>
                <Form.Item name={kind.unitField} noStyle>
                  <OptionSelect list={kind.unitList} allowClear data-testid={`basic-${kind.unitField}`} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
        );
      }
      input = (
        <InputNumber
          min={0}
          style={{ width: '100%' }}
          suffix={kind.suffix ? t(`projectSettings:basic.units.${kind.suffix}`) : undefined}
          data-testid={testId}
        />
      );
      break;
    case 'city':
      input = <CityCascader testId={testId} />;
      break;
    case 'pictures':
      input = <PicturesField max={kind.max} testId={testId} onError={onError} />;
      extra = {
        extra: kind.max > 1 ? t('projectSettings:basic.picturesHint', { max: kind.max }) : undefined,
      };
      break;
  }
  return (
    <Col xs={24} md={span}>
      <Form.Item name={spec.name} label={label} rules={rules} {...extra}>
        {input}
      </Form.Item>
    </Col>
  );
}
