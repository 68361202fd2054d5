import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentProject } from '../../workbench';
import { InvitationsTab } from '../components/InvitationsTab';
import { MembersTab } from '../components/MembersTab';
import { RequestsTab } from '../components/RequestsTab';

/** Member management: the member list, the member requests and the open invitation links (spec 001 §2). */
export default function MembersSection() {
  const { t } = useTranslation();
  const { projectId } = useCurrentProject();
  return (
    <Card>
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'members',
            label: <span data-testid="members-tab">{t('projectSettings:members.tab')}</span>,
            children: <MembersTab projectId={projectId} />,
          },
          {
            key: 'requests',
            label: <span data-testid="requests-tab">{t('projectSettings:requests.tab')}</span>,
            children: <RequestsTab projectId={projectId} />,
          },
          {
            key: 'invitations',
            label: <span data-testid="invitations-tab">{t('projectSettings:invitations.tab')}</span>,
            children: <InvitationsTab projectId={projectId} />,
          },
        ]}
      />
    </Card>
  );
}
