import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { MemberSelect } from '../../../components/project/MemberSelect';

/**
 * Receivers (required) and cc (optional), never the user: the cc picker greys out the receivers, and a
 * receiver chosen after being put in cc makes the cc field say it cannot be both (spec 001 §5).
 */
export function SheetPeopleFields({
  projectId,
  selfId,
  receivers,
}: {
  projectId: string;
  selfId: string;
  receivers: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="receivers"
        label={t('contactsheets:form.receivers')}
        rules={[
          { required: true, type: 'array', min: 1, message: t('contactsheets:form.receiversRequired') },
        ]}
      >
        <MemberSelect
          projectId={projectId}
          unavailable={[selfId]}
          placeholder={t('contactsheets:form.receiversPlaceholder')}
          ariaLabel={t('contactsheets:form.receivers')}
          testId="sheet-receivers-input"
        />
      </Form.Item>
      <Form.Item
        name="cc"
        label={t('contactsheets:form.cc')}
        dependencies={['receivers']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_, value: string[] | undefined) => {
              const chosen = new Set<string>(getFieldValue('receivers') ?? []);
              if ((value ?? []).some((id) => chosen.has(id)))
                throw new Error(t('contactsheets:form.ccOverlap'));
            },
          }),
        ]}
      >
        <MemberSelect
          projectId={projectId}
          unavailable={[selfId, ...receivers]}
          placeholder={t('contactsheets:form.ccPlaceholder')}
          ariaLabel={t('contactsheets:form.cc')}
          testId="sheet-cc-input"
        />
      </Form.Item>
    </>
  );
}
