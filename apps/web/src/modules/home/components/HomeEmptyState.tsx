import { PlusOutlined, RocketOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { lazyComponent } from '../../../lib/lazyComponent';
import { useProfile } from '../../system/api';
import { useCreateTrialPlan } from '../api';

// The new-enterprise form loads when it is first asked for.
const CreateEnterpriseModal = lazyComponent(
  () =>
    import('../../enterprise/components/CreateEnterpriseModal').then(
      (module) => module.CreateEnterpriseModal,
    ),
  { when: (props) => props.open },
);

/**
 * The home page of a user who belongs to nothing yet: create an enterprise (everyone) or, on the cloud
 * edition, a trial project.
 */
export function HomeEmptyState({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { cloud } = useProfile();
  const [creating, setCreating] = useState(false);
  const trial = useCreateTrialPlan(userId);
  return (
    <Card title={t('home:tree.title')} variant="borderless" data-testid="home-empty">
      <Empty description={<span data-testid="home-projects-empty">{t('home:projects.empty')}</span>}>
        <div className="home-empty__actions">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="home-create-enterprise"
          >
            {t('home:projects.createEnterprise')}
          </Button>
          {cloud ? (
            <Button
              icon={<RocketOutlined />}
              loading={trial.isPending}
              onClick={() =>
                trial.mutate(undefined, {
                  onSuccess: () => void message.success(t('home:projects.trialDone')),
                  onError: (error) => void message.error(errorMessage(error, t)),
                })
              }
              data-testid="home-create-trial"
            >
              {t('home:projects.createTrial')}
            </Button>
          ) : null}
        </div>
      </Empty>
      <CreateEnterpriseModal open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
