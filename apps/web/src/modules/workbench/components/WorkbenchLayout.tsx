import '../locales';
import '../workbench.css';
import { ArrowLeftOutlined, LockOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { PageSpinner } from '../../../components/PageSpinner';
import { isHttpError } from '../../../lib/http';
import { useIsPhone } from '../../../lib/useIsPhone';
import { useCurrentUser } from '../../account/api';
import { useProject, useProjectAdmin } from '../api';
import { type CurrentProject, CurrentProjectContext } from '../context';
import { WorkbenchMenu } from './WorkbenchMenu';
import { usePhoneDrawer, WorkbenchPhoneBar, WorkbenchTabs } from './WorkbenchPhone';

/** The server's answer for a project the user may not enter: 404 (not a member) or 403. */
export function isNoProjectPermission(error: unknown): boolean {
  return isHttpError(error) && (error.status === 404 || error.status === 403);
}

/** The "no project permission" state, with the way back to the home tree. */
export function NoProjectPermission() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      icon={<LockOutlined className="workbench-denied__icon" />}
      title={t('workbench:denied.title')}
      subTitle={t('workbench:denied.description')}
      data-testid="workbench-no-permission"
      extra={
        <Button type="primary" onClick={() => void navigate('/home')}>
          {t('workbench:denied.home')}
        </Button>
      }
    />
  );
}

/**
 * The frame of every workbench screen of a project (`/projects/:projectId…`): the project's name, the side
 * menu of its authorised modules (grouped as spec 001 §2) and the screen. Loads the project from the
 * `projectId` route parameter and provides it to `useCurrentProject()`; a project the user may not enter
 * shows the "no project permission" state instead. On a phone (useIsPhone) the menu is a drawer and the
 * most used modules are in a bottom bar (WorkbenchPhone.tsx); the page keeps its place (and state)
 * when the window crosses the breakpoint. `immersive` (the model viewer): on a phone the page takes the whole
 * screen, with neither the top bar nor the bottom bar (the page brings its own way back).
 */
export function WorkbenchLayout({
  children,
  immersive = false,
}: {
  children: ReactNode;
  immersive?: boolean;
}) {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const user = useCurrentUser();
  const project = useProject(projectId);
  const admin = useProjectAdmin(project.data, user?._id);
  const phone = useIsPhone();
  const bars = phone && !immersive;
  const drawer = usePhoneDrawer();

  const value = useMemo<CurrentProject | null>(
    () =>
      project.data
        ? {
            projectId,
            project: project.data,
            isAdmin: admin.data === true,
            refetch: () => project.refetch(),
          }
        : null,
    [projectId, project.data, admin.data, project.refetch],
  );

  if (project.isPending) return <PageSpinner />;
  if (project.isError || !value) {
    if (isNoProjectPermission(project.error)) return <NoProjectPermission />;
    return (
      <ErrorState
        title={t('workbench:error.title')}
        actionLabel={t('common:action.retry')}
        onAction={() => void project.refetch()}
        busy={project.isFetching}
        testId="workbench-error"
      />
    );
  }

  return (
    <CurrentProjectContext value={value}>
      <div className={phone ? 'workbench workbench--phone' : 'workbench'} data-testid="workbench">
        {bars ? (
          <WorkbenchPhoneBar project={value.project} drawer={drawer} />
        ) : phone ? null : (
          <aside className="workbench__side" aria-label={t('workbench:menu.label')}>
            <div className="workbench__project">
              <Link to="/home" className="workbench__back" data-testid="workbench-home">
                <ArrowLeftOutlined /> {t('workbench:menu.home')}
              </Link>
              <h1 className="workbench__name" data-testid="workbench-project-name" title={value.project.name}>
                {value.project.shortName || value.project.name}
              </h1>
            </div>
            <WorkbenchMenu />
          </aside>
        )}
        <section className="workbench__main">{children}</section>
        {bars ? <WorkbenchTabs drawer={drawer} /> : null}
      </div>
    </CurrentProjectContext>
  );
}
