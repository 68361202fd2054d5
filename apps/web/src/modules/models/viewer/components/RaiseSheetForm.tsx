// The contact sheets module's texts and styles: this form is the sheet form, shown beside the model.
import '../../../contactsheets/locales';
import '../../../project-settings/locales';
import '../../../contactsheets/contactsheets.css';
import { App, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../account/api';
import { useCreateContactSheet } from '../../../contactsheets/api';
import { SheetForm } from '../../../contactsheets/components/SheetForm';
import { bodyOf, EMPTY_VALUES, type SheetFormValues } from '../../../contactsheets/formValues';

/**
 * Sending a contact sheet about the selected element without leaving the viewer: the contact sheets
 * module's own form (its fields, checks and request), the element's model linked (`modelId`) and the
 * element named in the subject. Loaded when it is opened.
 */
export default function RaiseSheetForm(props: {
  projectId: string;
  modelId: string;
  elementName: string;
  onDone: () => void;
}) {
  const { projectId, modelId, elementName, onDone } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useCurrentUser();
  const create = useCreateContactSheet(projectId);
  const initial = useMemo<SheetFormValues>(
    () => ({ ...EMPTY_VALUES, title: t('modelViewer:raise.sheetSubject', { name: elementName }) }),
    [t, elementName],
  );

  const submit = async (values: SheetFormValues) => {
    await create.mutateAsync({ projectId, type: values.type, ...bodyOf(values), modelId });
    void message.success(t('contactsheets:done.sent'));
    onDone();
  };

  return (
    <section className="viewer-raise" data-testid="viewer-raise-sheet">
      <Typography.Title level={5} className="viewer-properties__section">
        {t('modelViewer:raise.sheetTitle', { name: elementName })}
      </Typography.Title>
      <SheetForm
        projectId={projectId}
        selfId={user?._id ?? ''}
        initial={initial}
        fixedNumber={null}
        actions={[
          { label: t('contactsheets:form.send'), resend: false, testId: 'sheet-submit', primary: true },
        ]}
        busy={create.isPending}
        onSubmit={submit}
        onCancel={onDone}
        onDirty={() => undefined}
      />
    </section>
  );
}
