import { PlusOutlined } from '@ant-design/icons';
import { optionLabel } from '@lintel/contracts/org';
import { Button, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../app/useLanguage';
import { projectPath } from '../../workbench/paths';
import { useEnterpriseCircles, useEnterpriseProjects } from '../api';
import { CreateCircleModal } from './CreateCircleModal';
import { CreateProjectModal } from './CreateProjectModal';

/** The circles and projects of an enterprise; its administrators create new ones. */
export function CirclesProjectsPanel({ enterpriseId, isAdmin }: { enterpriseId: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const circles = useEnterpriseCircles(enterpriseId);
  const projects = useEnterpriseProjects(enterpriseId);
  const [dialog, setDialog] = useState<'circle' | 'project' | null>(null);
  const circleName = (id: string | null) => circles.data?.find((c) => c._id === id)?.name ?? '—';

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
        columns={[
          { key: 'name', title: t('enterprise:field.circleName'), dataIndex: 'name' },
          {
            key: 'parent',
            title: t('enterprise:field.parentCircle'),
            render: (_, circle) => (circle.parentId ? circleName(circle.parentId) : '—'),
          },
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
        ]}
      />
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
    </div>
  );
}
