import '../locales';
import '../forms.css';
import '../../project-settings/locales';
import type { FormField, FormTemplate } from '@lintel/contracts/forms';
import { Alert, App, Button, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorMessage } from '../../../lib/errors';
import { isHttpError } from '../../../lib/http';
import { lazyComponent } from '../../../lib/lazyComponent';
import { useCurrentUser } from '../../account/api';
import { NoPermission } from '../../project-settings/components/NoPermission';
import { useCurrentProject, useProjectAdmin, WorkbenchLayout } from '../../workbench';
import { useFormTemplate, useSaveFormTemplateFields } from '../api';
import { FormDesigner } from '../components/FormDesigner';
import { definitionProblems } from '../designerModel';
import { useSaveFormTemplateSettings } from '../templatesApi';

// The settings dialog (a table, member and workflow pickers) loads when first opened, not with the page.
const TemplateSettingsDialog = lazyComponent(
  () => import('../components/TemplateSettingsDialog').then((module) => module.TemplateSettingsDialog),
  { when: (props) => props.open },
);

/** The fields being designed, the revision they were read at, and saving them (409: someone saved first). */
function TemplateEditor({ projectId, template }: { projectId: string; template: FormTemplate }) {
  const { t } = useTranslation('forms');
  const { message } = App.useApp();
  const [fields, setFields] = useState<FormField[]>(template.fields);
  const [revision, setRevision] = useState(template.revision);
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState<FormTemplate | null>(null);
  const save = useSaveFormTemplateFields(projectId, template._id);
  const saveSettings = useSaveFormTemplateSettings(projectId, template._id);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const current = useFormTemplate(projectId, template._id).data ?? template;
  const problems = definitionProblems(fields);

  const submit = () => {
    if (problems.size > 0) {
      void message.error(t('page.fixFirst'));
      return;
    }
    save.mutate(
      { revision, fields },
      {
        onSuccess: (saved) => {
          setRevision(saved.revision);
          setDirty(false);
          setConflict(null);
          void message.success(t('page.saved'));
        },
        onError: (error) => {
          const current = isHttpError(error) ? (error.body as { current?: FormTemplate }).current : undefined;
          if (isHttpError(error) && error.status === 409 && current) setConflict(current);
          else void message.error(errorMessage(error, t));
        },
      },
    );
  };

  return (
    <>
      {conflict ? (
        <Alert
          type="warning"
          showIcon
          title={t('page.conflict')}
          description={t('page.conflictHint')}
          action={
            <Space direction="vertical">
              <Button
                onClick={() => {
                  setFields(conflict.fields);
                  setRevision(conflict.revision);
                  setDirty(false);
                  setConflict(null);
                }}
                data-testid="conflict-theirs"
              >
                {t('page.takeTheirs')}
              </Button>
              <Button
                danger
                onClick={() => {
                  setRevision(conflict.revision);
                  setConflict(null);
                }}
                data-testid="conflict-mine"
              >
                {t('page.keepMine')}
              </Button>
            </Space>
          }
          data-testid="designer-conflict"
        />
      ) : null}
      <div className="forms-page__actions">
        <Typography.Text type="secondary" data-testid="designer-dirty">
          {dirty ? t('page.unsaved') : t('page.upToDate')}
        </Typography.Text>
        <Button
          disabled={dirty}
          title={dirty ? t('settings.saveFieldsFirst') : undefined}
          onClick={() => setSettingsOpen(true)}
          data-testid="designer-settings"
        >
          {t('settings.open')}
        </Button>
        <Button type="primary" loading={save.isPending} onClick={submit} data-testid="designer-save">
          {t('page.save')}
        </Button>
      </div>
      <TemplateSettingsDialog
        // A fresh dialog at each opening: it starts from the template as saved last.
        key={settingsOpen ? `open-${current.revision}` : 'closed'}
        projectId={projectId}
        template={current}
        revision={revision}
        open={settingsOpen}
        pending={saveSettings.isPending}
        onCancel={() => setSettingsOpen(false)}
        onSubmit={(settings) =>
          saveSettings.mutate(settings, {
            onSuccess: (saved) => {
              setRevision(saved.revision);
              setSettingsOpen(false);
              void message.success(t('settings.saved'));
            },
            onError: (error) => {
              const theirs = isHttpError(error)
                ? (error.body as { current?: FormTemplate }).current
                : undefined;
              if (isHttpError(error) && error.status === 409 && theirs) {
                setSettingsOpen(false);
                setConflict(theirs);
              } else void message.error(errorMessage(error, t));
            },
          })
        }
      />
      <FormDesigner
        fields={fields}
        projectId={projectId}
        onChange={(next) => {
          setFields(next);
          setDirty(true);
        }}
      />
    </>
  );
}

function DesignerBody({ templateId }: { templateId: string }) {
  const { t } = useTranslation('forms');
  const user = useCurrentUser();
  const { projectId, project } = useCurrentProject();
  const admin = useProjectAdmin(project, user?._id);
  const template = useFormTemplate(projectId, admin.data === true ? templateId : '');
  if (admin.isPending) return <PageSpinner />;
  if (admin.data !== true) return <NoPermission />;
  if (template.isPending) return <PageSpinner />;
  if (template.isError) {
    return (
      <Result
        status="warning"
        title={t('page.loadFailed')}
        subTitle={errorMessage(template.error, t)}
        data-testid="designer-load-failed"
      />
    );
  }
  return (
    <div className="forms-page" data-testid="form-template-designer">
      <Typography.Title level={3}>{t('page.title', { name: template.data.name })}</Typography.Title>
      <TemplateEditor key={template.data._id} projectId={projectId} template={template.data} />
    </div>
  );
}

/**
 * /projects/:projectId/settings/form-templates/:templateId — the fields of one form template, designed by
 * the project's administrators (as the settings are); everyone else sees the no-permission state.
 */
export default function FormTemplateDesignerPage() {
  const { templateId = '' } = useParams();
  return (
    <App component={false}>
      <WorkbenchLayout>
        <DesignerBody templateId={templateId} />
      </WorkbenchLayout>
    </App>
  );
}
