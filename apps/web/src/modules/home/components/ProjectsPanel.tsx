import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** The user's projects; an empty state while the user belongs to none. */
export function ProjectsPanel() {
  const { t } = useTranslation();
  return (
    <Card title={t('home:projects.title')} variant="borderless" data-testid="home-projects">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<span data-testid="home-projects-empty">{t('home:projects.empty')}</span>}
      />
    </Card>
  );
}
