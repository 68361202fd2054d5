// The contact sheets module's texts and styles: this form is the sheet form, shown beside the model.
import '../../../contactsheets/locales';
import '../../../project-settings/locales';
import '../../../contactsheets/contactsheets.css';
import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../account/api';
import { useCreateContactSheet } from '../../../contactsheets/api';
import { SheetForm } from '../../../contactsheets/components/SheetForm';
import { bodyOf, EMPTY_VALUES, type SheetFormValues } from '../../../contactsheets/formValues';
import { useViewpointSaver } from '../../viewpoint/useViewpointSaver';
import { RaisePanel } from './RaisePanel';

/**
 * Sending a contact sheet about the selected element without leaving the viewer: the contact sheets
 * module's own form (its fields, checks and request; it shows the server's errors itself), the element's
 * model linked (`modelId`), the element named in the subject and the view on screen saved as the sheet's
 * viewpoint (`viewportId`, issue 16). Loaded when it is opened.
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
  const viewpoint = useViewpointSaver(projectId);
  const initial = useMemo<SheetFormValues>(
    () => ({ ...EMPTY_VALUES, title: t('modelViewer:raise.sheetSubject', { name: elementName }) }),
    [t, elementName],
  );

  const submit = async (values: SheetFormValues) => {
    const { failed } = await viewpoint.withViewpoint(
      t('modelViewpoint:sheetName', { name: elementName }),
      (id) =>
        create.mutateAsync({
          projectId,
          type: values.type,
          ...bodyOf(values),
          modelId,
          ...(id ? { viewportId: id } : {}),
        }),
    );
    if (failed) void message.warning(t('modelViewpoint:notSaved'));
    else void message.success(t('contactsheets:done.sent'));
    onDone();
  };

  return (
    <RaisePanel testId="viewer-raise-sheet" title={t('modelViewer:raise.sheetTitle', { name: elementName })}>
      <SheetForm
        projectId={projectId}
        selfId={user?._id ?? ''}
        initial={initial}
        fixedNumber={null}
        actions={[
          { label: t('contactsheets:form.send'), resend: false, testId: 'sheet-submit', primary: true },
        ]}
        busy={create.isPending || viewpoint.busy}
        onSubmit={submit}
        onCancel={onDone}
        onDirty={() => undefined}
      />
    </RaisePanel>
  );
}
