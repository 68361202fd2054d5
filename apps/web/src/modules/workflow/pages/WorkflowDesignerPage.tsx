import '../locales';
import '../workflow.css';
import '../../project-settings/locales';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { WorkflowTemplate } from '@lintel/contracts/workflow';
import { App, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageSpinner } from '../../../components/PageSpinner';
import { UnsavedChangesProvider } from '../../../components/UnsavedChanges';
import { errorMessage } from '../../../lib/errors';
import { useCurrentUser } from '../../account/api';
import { NoPermission } from '../../project-settings/components/NoPermission';
import { useCurrentProject, useProjectAdmin, WorkbenchLayout } from '../../workbench';
import { useWorkflowTemplate } from '../api';
import { DesignerEditor } from '../components/DesignerEditor';
import { workflowTemplatesPath } from '../paths';

function DesignerBody({ templateId }: { templateId: string }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { projectId, project } = useCurrentProject();
  const admin = useProjectAdmin(project, user?._id);
  const template = useWorkflowTemplate(projectId, admin.data === true ? templateId : '');

  if (admin.isPending) return <PageSpinner />;
  if (admin.data !== true) return <NoPermission />;
  if (template.isPending) return <PageSpinner />;
  if (template.isError) {
    return (
      <Result
        status="warning"
        title={t('workflow:designer.loadFailed')}
        subTitle={errorMessage(template.error, t)}
        extra={<Link to={workflowTemplatesPath(projectId)}>{t('workflow:designer.back')}</Link>}
        data-testid="designer-load-failed"
      />
    );
  }
  return (
    <div className="workflow-designer" data-testid="workflow-designer">
      <Link className="workflow-designer__back" to={workflowTemplatesPath(projectId)}>
        <ArrowLeftOutlined /> {t('workflow:designer.back')}
      </Link>
      <Typography.Title level={3} className="workflow-designer__title">
        {template.data.name}
      </Typography.Title>
      <DesignerEditor
        key={template.data._id}
        projectId={projectId}
        template={template.data as WorkflowTemplate}
      />
    </div>
  );
}

/**
 * /projects/:projectId/settings/workflows/:templateId — the designer of one workflow template, for the
 * project's administrators (as the settings are); everyone else sees the no-permission state.
 */
export default function WorkflowDesignerPage() {
  const { templateId = '' } = useParams();
  return (
    <App component={false}>
      {/* Leaving with an unsaved draft asks first (links, the menu, back, closing the tab). */}
      <UnsavedChangesProvider>
        <div className="workflow-designer-page" data-testid="workflow-designer-page">
          <WorkbenchLayout>
            <DesignerBody templateId={templateId} />
          </WorkbenchLayout>
        </div>
      </UnsavedChangesProvider>
    </App>
  );
}
