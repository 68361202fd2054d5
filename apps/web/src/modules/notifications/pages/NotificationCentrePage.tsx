import '../locales';
import '../notifications.css';
import { useQuery } from '@tanstack/react-query';
import { App, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { unreadCountQuery, useTodoCount } from '../api';
import { MessagesTab } from '../components/MessagesTab';
import { PendingTab } from '../components/PendingTab';
import { type CentreState, type CentreTab, centreSearch, readCentreState } from '../paths';

function TabLabel({ text, count, testId }: { text: string; count: number | undefined; testId: string }) {
  return (
    <span data-testid={testId}>
      {text}
      {count ? (
        <span className="notification-centre__tab-count" data-testid={`${testId}-count`}>
          {count}
        </span>
      ) : null}
    </span>
  );
}

/**
 * /notifications, the notification centre (spec 001 §2): the pending tab (to-dos, by delay band) and the
 * messages tab (notifications: all or unread only, by module). Filters and page live in the address.
 */
export default function NotificationCentrePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = readCentreState(params);
  const unread = useQuery(unreadCountQuery);
  const todoCount = useTodoCount();

  // Filters and pages replace the entry; a tab is a place of its own in the history.
  const change = (patch: Partial<CentreState>) =>
    setParams(centreSearch({ ...state, ...patch }), { replace: true });
  const switchTab = (tab: CentreTab) => setParams(centreSearch({ ...state, tab, page: 1, delay: null }));

  // antd's App gives the items their messages (in this chunk only, see providers.tsx).
  return (
    <App component={false}>
      <div className="page notification-centre" data-testid="notification-centre">
        <h1 className="notification-centre__title">{t('notifications:title')}</h1>
        <Tabs
          activeKey={state.tab}
          onChange={(key) => switchTab(key as CentreTab)}
          items={[
            {
              key: 'pending',
              label: (
                <TabLabel
                  text={t('notifications:tabs.pending')}
                  count={todoCount.data}
                  testId="tab-pending"
                />
              ),
              children: state.tab === 'pending' ? <PendingTab state={state} change={change} /> : null,
            },
            {
              key: 'messages',
              label: (
                <TabLabel text={t('notifications:tabs.messages')} count={unread.data} testId="tab-messages" />
              ),
              children: state.tab === 'messages' ? <MessagesTab state={state} change={change} /> : null,
            },
          ]}
        />
      </div>
    </App>
  );
}
