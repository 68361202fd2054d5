import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SAFETY_EDUCATION_CONTENT_MAX_LENGTH, SAFETY_EDUCATION_MAX } from '@lintel/contracts/personnel';
import { Button, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyDatePicker } from '../../../components/LazyDatePicker';

/** The safety-education record: one row per session (date, content, hours). */
export function EducationField() {
  const { t } = useTranslation();
  return (
    <Form.List name="safetyEducation">
      {(fields, { add, remove }) => (
        <div data-testid="person-education">
          {fields.map((field, index) => (
            <div key={field.key} className="personnel-form__list-row" data-testid="person-education-row">
              <Form.Item
                name={[field.name, 'date']}
                rules={[{ required: true, message: t('personnel:form.educationRequired') }]}
              >
                <LazyDatePicker aria-label={`${t('personnel:form.educationDate')} ${index + 1}`} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'content']}
                rules={[{ required: true, whitespace: true, message: t('personnel:form.educationRequired') }]}
                className="personnel-form__grow"
              >
                <Input
                  maxLength={SAFETY_EDUCATION_CONTENT_MAX_LENGTH}
                  placeholder={t('personnel:form.educationContent')}
                  aria-label={`${t('personnel:form.educationContent')} ${index + 1}`}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'hours']}>
                <InputNumber
                  min={0}
                  max={1000}
                  placeholder={t('personnel:form.educationHours')}
                  aria-label={`${t('personnel:form.educationHours')} ${index + 1}`}
                />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                onClick={() => remove(field.name)}
                aria-label={`${t('personnel:form.remove')} ${index + 1}`}
              />
            </div>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= SAFETY_EDUCATION_MAX}
            onClick={() => add({ date: null, content: '', hours: null })}
            data-testid="person-education-add"
          >
            {t('personnel:form.addEducation')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
