import '../locales';
import '../../project-settings/locales';
import '../contactsheets.css';
import type { ContactSheet } from '@lintel/contracts/contactsheets';
import { App, Button, Card, Result, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageSpinner } from '../../../components/PageSpinner';
import { UnsavedChangesProvider, useUnsavedChanges } from '../../../components/UnsavedChanges';
import { discardUpload } from '../../../lib/projectFiles';
import { useCurrentUser } from '../../account/api';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { useContactSheet, useCreateContactSheet, useUpdateContactSheet } from '../api';
import { SheetForm } from '../components/SheetForm';
import { SheetLoadFailure } from '../components/SheetLoadFailure';
import { bodyOf, EMPTY_VALUES, type SheetFormValues, valuesOf } from '../formValues';
import { contactSheetPath, contactSheetsPath } from '../paths';
import { useSheetRights } from '../rights';

/** /projects/:projectId/contactsheets/new and …/:sheetId/edit — write a sheet, or edit one not yet read. */
export default function ContactSheetFormPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        {/* Leaving with unsaved changes asks first (links, the menu, back/forward, closing the tab). */}
        <UnsavedChangesProvider>
          <ContactSheetFormScreen />
        </UnsavedChangesProvider>
      </WorkbenchLayout>
    </App>
  );
}

function ContactSheetFormScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sheetId = '' } = useParams();
  const { projectId } = useCurrentProject();
  const { rights, createPending } = useSheetRights(projectId);
  const sheet = useContactSheet(projectId, sheetId);

  const back = (
    <Button onClick={() => void navigate(contactSheetsPath(projectId))}>
      {t('contactsheets:action.back')}
    </Button>
  );
  if (sheetId === '') {
    if (createPending) return <PageSpinner />;
    if (!rights.canCreate)
      return (
        <Result
          status="403"
          title={t('contactsheets:form.noRight')}
          extra={back}
          data-testid="sheet-no-right"
        />
      );
    return <SheetEditor projectId={projectId} sheet={null} />;
  }
  if (sheet.isPending) return <PageSpinner />;
  if (sheet.isError) return <SheetLoadFailure query={sheet} back={back} />;
  if (!sheet.data.canEdit)
    return (
      <Result
        status="warning"
        title={t('contactsheets:form.notEditable')}
        extra={
          <Button onClick={() => void navigate(contactSheetPath(projectId, sheetId))}>
            {t('contactsheets:action.backToSheet')}
          </Button>
        }
        data-testid="sheet-not-editable"
      />
    );
  return <SheetEditor projectId={projectId} sheet={sheet.data} />;
}

function SheetEditor({ projectId, sheet }: { projectId: string; sheet: ContactSheet | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const unsaved = useUnsavedChanges();
  const create = useCreateContactSheet(projectId);
  const update = useUpdateContactSheet(projectId);
  const initial = useMemo(() => (sheet ? valuesOf(sheet) : EMPTY_VALUES), [sheet]);
  const recalled = sheet?.status === 'recalled';

  const submit = async (values: SheetFormValues, resend: boolean) => {
    const body = bodyOf(values);
    const saved = sheet
      ? await update.mutateAsync({ id: sheet._id, body, resend })
      : await create.mutateAsync({ projectId, type: values.type, ...body });
    unsaved.setDirty(false);
    void message.success(
      t(
        !sheet
          ? 'contactsheets:done.sent'
          : resend
            ? 'contactsheets:done.resent'
            : 'contactsheets:done.saved',
      ),
    );
    void navigate(contactSheetPath(projectId, saved._id));
  };

  const cancel = async (values: SheetFormValues) => {
    if (!(await unsaved.confirmLeave())) return;
    // The files uploaded in this form only: they would take the project's storage for nothing.
    for (const item of values.attachments?.added ?? [])
      if (item.fileId) void discardUpload(item.fileId).catch(() => undefined);
    void navigate(sheet ? contactSheetPath(projectId, sheet._id) : contactSheetsPath(projectId));
  };

  const actions = !sheet
    ? [{ label: t('contactsheets:form.send'), resend: false, testId: 'sheet-submit', primary: true }]
    : recalled
      ? [
          { label: t('contactsheets:form.resend'), resend: true, testId: 'sheet-resend', primary: true },
          { label: t('contactsheets:form.saveDraft'), resend: false, testId: 'sheet-submit' },
        ]
      : [{ label: t('contactsheets:form.save'), resend: false, testId: 'sheet-submit', primary: true }];

  return (
    <div className="sheet-form-page" data-testid="sheet-form-page">
      <Card variant="borderless">
        <Typography.Title level={3}>
          {sheet ? t('contactsheets:form.editTitle') : t('contactsheets:form.newTitle')}
        </Typography.Title>
        <SheetForm
          projectId={projectId}
          selfId={user?._id ?? ''}
          initial={initial}
          fixedNumber={sheet?.number ?? null}
          actions={actions}
          busy={create.isPending || update.isPending}
          onSubmit={submit}
          onCancel={(values) => void cancel(values)}
          onDirty={() => unsaved.setDirty(true)}
        />
      </Card>
    </div>
  );
}
