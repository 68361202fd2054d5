import '../locales';
import { optionLabel } from '@lintel/contracts/org';
import { App, Card, Descriptions, Empty, Image, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';
import { safeUrl } from '../../../lib/url';
import { MyMembershipCard } from '../components/MyMembershipCard';
import { WorkbenchLayout } from '../components/WorkbenchLayout';
import { useCurrentProject } from '../context';

/** /projects/:projectId — the workbench's index: the project overview from its information. */
export default function ProjectOverviewPage() {
  // App: the message API of "my membership" (phone secrecy, leaving).
  return (
    <App component={false}>
      <WorkbenchLayout>
        <ProjectOverview />
      </WorkbenchLayout>
    </App>
  );
}

function ProjectOverview() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { project } = useCurrentProject();
  const none = <Typography.Text type="secondary">{t('workbench:overview.none')}</Typography.Text>;
  const show = (value: ReactNode) => (value === undefined || value === null || value === '' ? none : value);
  const field = (key: string, value: ReactNode) => ({
    key,
    label: t(`workbench:field.${key}`),
    children: <span data-testid={`overview-${key}`}>{show(value)}</span>,
  });
  const pictures = [project.image, ...(project.pictures ?? [])]
    .map((path) => safeUrl(path))
    .filter((url): url is string => url !== null);

  return (
    <div className="workbench-overview" data-testid="project-overview">
      <Card variant="borderless">
        <div className="workbench-overview__head">
          <Typography.Title level={3} className="workbench-overview__title" data-testid="overview-name">
            {project.name}
          </Typography.Title>
          <Tag color="blue" data-testid="overview-status">
            {optionLabel('statuses', project.status, language)}
          </Tag>
        </div>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            field('shortName', project.shortName),
            field(
              'projectType',
              project.projectType ? optionLabel('types', project.projectType, language) : null,
            ),
            field('plannedStartDate', project.plannedStartDate),
            field('actualStartDate', project.actualStartDate),
            field('completionDate', project.completionDate),
            field(
              'plannedDuration',
              project.plannedDuration == null
                ? null
                : t('workbench:overview.days', { count: project.plannedDuration }),
            ),
            field('location', [project.city, project.location].filter(Boolean).join(' ')),
            field('address', project.address),
          ]}
        />
      </Card>
      <Card variant="borderless" title={t('workbench:overview.units')}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            field('ownerUnit', project.ownerUnit),
            field('constructionUnit', project.constructionUnit),
            field('designUnit', project.designUnit),
            field('supervisionUnit', project.supervisionUnit),
            field('generalContractor', project.generalContractor),
            field('executingUnit', project.executingUnit),
          ]}
        />
      </Card>
      {project.profile || project.description ? (
        <Card variant="borderless" title={t('workbench:overview.profile')}>
          <Typography.Paragraph className="workbench-overview__text" data-testid="overview-profile">
            {project.profile || project.description}
          </Typography.Paragraph>
        </Card>
      ) : null}
      <Card variant="borderless" title={t('workbench:overview.pictures')}>
        {pictures.length > 0 ? (
          <Image.PreviewGroup>
            <div className="workbench-overview__pictures" data-testid="overview-pictures">
              {pictures.map((url, i) => (
                <Image
                  key={url}
                  src={url}
                  width={160}
                  height={110}
                  alt={t('workbench:overview.picture', { n: i + 1 })}
                />
              ))}
            </div>
          </Image.PreviewGroup>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workbench:overview.noPictures')} />
        )}
      </Card>
      <MyMembershipCard />
    </div>
  );
}
