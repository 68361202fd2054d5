import '../locales';
import '../projectSettings.css';
import { App, Menu, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageSpinner } from '../../../components/PageSpinner';
import { useCurrentUser } from '../../account/api';
import { useCurrentProject, useProjectAdmin, WorkbenchLayout } from '../../workbench';
import { NoPermission } from '../components/NoPermission';
import { DEFAULT_SECTION, SETTINGS_SECTIONS, settingsPath } from '../sections';
import { UnsavedChangesProvider } from '../unsavedChanges';

/** The settings menu (horizontal, above the section). */
function SettingsMenu({ projectId, current }: { projectId: string; current: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Menu
      mode="horizontal"
      className="project-settings__menu"
      selectedKeys={[current]}
      data-testid="settings-menu"
      items={SETTINGS_SECTIONS.map((section) => ({
        key: section.key,
        label: (
          <span data-testid={`settings-menu-${section.key}`}>{t(`projectSettings:menu.${section.key}`)}</span>
        ),
      }))}
      onClick={({ key }) => {
        // A section with unsaved changes asks first (unsavedChanges.tsx guards every navigation).
        if (key !== current) void navigate(settingsPath(projectId, key));
      }}
    />
  );
}

/** Inside the workbench: the administrators' settings, or the no-permission state for everyone else. */
function SettingsBody({ sectionKey }: { sectionKey: string }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { projectId, project } = useCurrentProject();
  // The workbench's own admin check (same query): pending is told apart from "no".
  const admin = useProjectAdmin(project, user?._id);

  if (admin.isPending) return <PageSpinner />;
  if (admin.data !== true) return <NoPermission />;

  const section = SETTINGS_SECTIONS.find((s) => s.key === sectionKey);
  if (!section) return <Navigate to={settingsPath(projectId)} replace />;
  const Section = section.component;
  return (
    <div className="project-settings">
      <header className="project-settings__header">
        <Typography.Title level={3} className="project-settings__title">
          {t('projectSettings:title')}
        </Typography.Title>
        <SettingsMenu projectId={projectId} current={section.key} />
      </header>
      <section className="project-settings__content" data-testid={`settings-section-${section.key}`}>
        <Suspense fallback={<PageSpinner />}>
          <Section key={projectId} />
        </Suspense>
      </section>
    </div>
  );
}

/**
 * /projects/:projectId/settings/:section — the project settings, inside the project's workbench, for the
 * project's administrators (project admins and admins of its enterprise); others see a no-permission state.
 */
export default function ProjectSettingsPage() {
  const { projectId = '', section } = useParams();
  if (!section) return <Navigate to={settingsPath(projectId, DEFAULT_SECTION)} replace />;
  return (
    <App component={false}>
      <UnsavedChangesProvider>
        <div className="project-settings-page" data-testid="project-settings-page">
          <WorkbenchLayout>
            <SettingsBody sectionKey={section} />
          </WorkbenchLayout>
        </div>
      </UnsavedChangesProvider>
    </App>
  );
}
