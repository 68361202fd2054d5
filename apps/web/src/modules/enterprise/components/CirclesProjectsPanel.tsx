import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type Circle, optionLabel, type Project } from '@lintel/contracts/org';
import { App, Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../app/useLanguage';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { errorMessage } from '../../../lib/errors';
import { lazyComponent } from '../../../lib/lazyComponent';
import { projectPath } from '../../workbench/paths';
import { useDeleteCircle, useDeleteProject, useEnterpriseCircles, useEnterpriseProjects } from '../api';

// The forms (and the rules they validate with) load when an administrator first opens one.
const CreateCircleModal = lazyComponent(
  () => import('./CreateCircleModal').then((module) => module.CreateCircleModal),
  { when: (props) => props.open },
);
const CreateProjectModal = lazyComponent(
  () => import('./CreateProjectModal').then((module) => module.CreateProjectModal),
  { when: (props) => props.open },
);
const RenameCircleModal = lazyComponent(
  () => import('./RenameCircleModal').then((module) => module.RenameCircleModal),
  { when: (props) => props.circle !== null },
);

/**
 * The circles and projects of an enterprise. Its administrators create circles and projects, rename and
 * delete circles (an empty one only: the server refuses the others and says why) and delete projects
 * (after typing the project's name); plain members only read.
 */
export function CirclesProjectsPanel({ enterpriseId, isAdmin }: { enterpriseId: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useLanguage();
  const circles = useEnterpriseCircles(enterpriseId);
  const projects = useEnterpriseProjects(enterpriseId);
  const deleteCircle = useDeleteCircle();
  const deleteProject = useDeleteProject();
  const [dialog, setDialog] = useState<'circle' | 'project' | null>(null);
  const [renaming, setRenaming] = useState<Circle | null>(null);
  const circleName = (id: string | null) => circles.data?.find((c) => c._id === id)?.name ?? '—';

  // Returned to the confirmation, which shows its button loading until the answer.
  const removeCircle = (circle: Circle) =>
    deleteCircle.mutateAsync(circle._id).then(
      () => void message.success(t('enterprise:delete.circleDone', { name: circle.name })),
      // 409 permissions.circleNotEmpty carries the counts in its message: shown as the server words it.
      (error: unknown) => void message.error(errorMessage(error, t)),
    );
  const removeProject = (project: Project) =>
    deleteProject.mutateAsync(project._id).then(
      () => void message.success(t('enterprise:delete.projectDone', { name: project.name })),
      (error: unknown) => void message.error(errorMessage(error, t)),
    );

  const actionsTitle = t('enterprise:org.actions');
  const circleActions = {
    key: 'actions',
    title: actionsTitle,
    width: 200,
    render: (_: unknown, circle: Circle) => (
      <Space size={0}>
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          onClick={() => setRenaming(circle)}
          aria-label={t('enterprise:edit.renameCircle', { name: circle.name })}
          data-testid={`e-circle-rename-${circle._id}`}
        >
          {t('enterprise:edit.rename')}
        </Button>
        <ConfirmDanger
          title={t('enterprise:delete.circleConfirm', { name: circle.name })}
          description={t('enterprise:delete.circleHint')}
          onConfirm={() => removeCircle(circle)}
          okTestId="e-circle-delete-ok"
        >
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('enterprise:delete.circleLabel', { name: circle.name })}
            data-testid={`e-circle-delete-${circle._id}`}
          >
            {t('enterprise:delete.action')}
          </Button>
        </ConfirmDanger>
      </Space>
    ),
  };
  const projectActions = {
    key: 'actions',
    title: actionsTitle,
    width: 120,
    render: (_: unknown, project: Project) => (
      <ConfirmDanger
        title={t('enterprise:delete.projectConfirm', { name: project.name })}
        description={t('enterprise:delete.projectHint')}
        typeToConfirm={project.name}
        inputTestId="e-project-delete-name"
        onConfirm={() => removeProject(project)}
        okTestId="e-project-delete-ok"
      >
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('enterprise:delete.projectLabel', { name: project.name })}
          data-testid={`e-project-delete-${project._id}`}
        >
          {t('enterprise:delete.action')}
        </Button>
      </ConfirmDanger>
    ),
  };

  return (
    <div className="enterprise-org">
      {isAdmin ? (
        <div className="enterprise-org__actions">
          <Button icon={<PlusOutlined />} onClick={() => setDialog('circle')} data-testid="e-create-circle">
            {t('enterprise:create.circleTitle')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog('project')}
            data-testid="e-create-project"
          >
            {t('enterprise:create.projectTitle')}
          </Button>
        </div>
      ) : null}
      <h3 className="enterprise-org__heading">{t('enterprise:org.circles')}</h3>
      <Table
        size="small"
        rowKey="_id"
        loading={circles.isPending}
        dataSource={circles.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        data-testid="e-circles"
        locale={{
          emptyText: circles.isError ? errorMessage(circles.error, t) : t('enterprise:org.noCircles'),
        }}
        columns={[
          { key: 'name', title: t('enterprise:field.circleName'), dataIndex: 'name' },
          {
            key: 'parent',
            title: t('enterprise:field.parentCircle'),
            render: (_, circle) => (circle.parentId ? circleName(circle.parentId) : '—'),
          },
          ...(isAdmin ? [circleActions] : []),
        ]}
      />
      <h3 className="enterprise-org__heading">{t('enterprise:org.projects')}</h3>
      <Table
        size="small"
        rowKey="_id"
        loading={projects.isPending}
        dataSource={projects.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        data-testid="e-projects"
        locale={{
          emptyText: projects.isError ? errorMessage(projects.error, t) : t('enterprise:org.noProjects'),
        }}
        columns={[
          {
            key: 'name',
            title: t('enterprise:field.projectName'),
            render: (_, project) => (
              <Link to={projectPath(project._id)} data-testid="e-project-link">
                {project.name}
              </Link>
            ),
          },
          { key: 'shortName', title: t('enterprise:field.shortName'), dataIndex: 'shortName' },
          {
            key: 'status',
            title: t('enterprise:field.status'),
            render: (_, project) => <Tag>{optionLabel('statuses', project.status, language)}</Tag>,
          },
          { key: 'circle', title: t('enterprise:field.circle'), render: (_, p) => circleName(p.circleId) },
          ...(isAdmin ? [projectActions] : []),
        ]}
      />
      {isAdmin ? (
        <>
          <CreateCircleModal
            open={dialog === 'circle'}
            enterpriseId={enterpriseId}
            circles={circles.data ?? []}
            onClose={() => setDialog(null)}
          />
          <CreateProjectModal
            open={dialog === 'project'}
            enterpriseId={enterpriseId}
            circles={circles.data ?? []}
            onClose={() => setDialog(null)}
          />
          <RenameCircleModal circle={renaming} onClose={() => setRenaming(null)} />
        </>
      ) : null}
    </div>
  );
}
