import '../locales';
import '../enterprise.css';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorMessage } from '../../../lib/errors';
import { lazyComponent } from '../../../lib/lazyComponent';
import { useCurrentUser } from '../../account/api';
import { useEnterpriseAdmin, useMyEnterprises } from '../api';
import { CirclesProjectsPanel } from '../components/CirclesProjectsPanel';
import { EnterpriseInfo } from '../components/EnterpriseInfo';
import { SignInPrompt } from '../components/SignInPrompt';

// Loaded on use: the members tab when first opened, the new-enterprise form when first asked for.
const MembersPanel = lazyComponent(() =>
  import('../components/MembersPanel').then((module) => module.MembersPanel),
);
const CreateEnterpriseModal = lazyComponent(
  () => import('../components/CreateEnterpriseModal').then((module) => module.CreateEnterpriseModal),
  { when: (props) => props.open },
);

/**
 * /e, the enterprise area: the signed-in user's enterprises and, for the chosen one (`?id=`), its
 * information, circles and projects, and members. Enterprise administrators edit the enterprise's names,
 * create, rename and delete circles, create and delete projects, and add members; plain members only read.
 * A visitor sees a sign-in prompt (the route needs no login, spec 000 §2).
 */
export default function EnterpriseAreaPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const enterprises = useMyEnterprises(user !== null);
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);

  if (!user) {
    return (
      <div className="page">
        <SignInPrompt title={t('enterprise:title')} testId="e-visitor" />
      </div>
    );
  }
  if (enterprises.isPending) return <PageSpinner />;
  if (enterprises.isError) {
    return (
      <ErrorState
        title={t('enterprise:error')}
        description={errorMessage(enterprises.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void enterprises.refetch()}
        testId="e-error"
      />
    );
  }
  const list = enterprises.data;
  const selected = list.find((e) => e._id === params.get('id')) ?? list[0];
  const choose = (id: string) => setParams({ id }, { replace: true });

  // antd's App gives the dialogs their messages (in this chunk only, see providers.tsx).
  return (
    <App component={false}>
      <div className="page enterprise-area" data-testid="e-page">
        <aside className="enterprise-area__side">
          <div className="enterprise-area__side-head">
            <h1 className="enterprise-area__title">{t('enterprise:title')}</h1>
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="e-create-enterprise"
              aria-label={t('enterprise:create.enterpriseTitle')}
            />
          </div>
          {list.length > 0 ? (
            // Plain links rather than antd's Menu, whose popup and overflow code (~20 KB gzip) this list
            // never uses (issue 15 §4).
            <ul className="enterprise-area__list" data-testid="e-enterprises">
              {list.map((e) => {
                const here = e._id === selected?._id;
                return (
                  <li key={e._id}>
                    <Link
                      to={{ search: `?id=${encodeURIComponent(e._id)}` }}
                      replace
                      className={`enterprise-area__item${here ? ' enterprise-area__item--current' : ''}`}
                      aria-current={here ? 'true' : undefined}
                    >
                      <span data-testid="e-enterprise">{e.name}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </aside>
        <section className="enterprise-area__main">
          {selected ? (
            <EnterprisePanel key={selected._id} enterpriseId={selected._id} userId={user._id} />
          ) : (
            <Card variant="borderless">
              <Empty description={t('enterprise:empty')} data-testid="e-empty">
                <Button type="primary" onClick={() => setCreating(true)}>
                  {t('enterprise:create.enterpriseTitle')}
                </Button>
              </Empty>
            </Card>
          )}
        </section>
        <CreateEnterpriseModal open={creating} onClose={() => setCreating(false)} onCreated={choose} />
      </div>
    </App>
  );
}

function EnterprisePanel({ enterpriseId, userId }: { enterpriseId: string; userId: string }) {
  const { t } = useTranslation();
  const admin = useEnterpriseAdmin(enterpriseId, userId).data === true;
  return (
    <Card variant="borderless" data-testid="e-enterprise-panel">
      <EnterpriseInfo enterpriseId={enterpriseId} isAdmin={admin} />
      <Tabs
        items={[
          {
            key: 'org',
            label: <span data-testid="e-tab-org">{t('enterprise:tab.org')}</span>,
            children: <CirclesProjectsPanel enterpriseId={enterpriseId} isAdmin={admin} />,
          },
          {
            key: 'members',
            label: <span data-testid="e-tab-members">{t('enterprise:tab.members')}</span>,
            children: <MembersPanel enterpriseId={enterpriseId} isAdmin={admin} />,
          },
        ]}
      />
    </Card>
  );
}
