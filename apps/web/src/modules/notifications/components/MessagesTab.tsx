import type { Notification } from '@lintel/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../app/useLanguage';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { errorMessage } from '../../../lib/errors';
import { unreadCountQuery, useDeleteNotification, useMarkAllRead, useMarkRead, useMessages } from '../api';
import { type CentreState, isAppLink } from '../paths';
import { PagedList } from './ListStates';
import { ModuleFilter, ModuleTag } from './ModuleFilter';
import { RelativeTime, useNow } from './RelativeTime';

type Change = (patch: Partial<CentreState>) => void;

/** One message: opening it marks it read and follows its link; it can be marked read or deleted alone. */
function MessageItem({ item, now }: { item: Notification; now: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const remove = useDeleteNotification();
  const failed = (error: unknown) => void message.error(errorMessage(error, t));

  const open = () => {
    if (!item.read) markRead.mutate(item._id, { onError: failed });
    if (isAppLink(item.link)) void navigate(item.link);
  };

  return (
    <li
      className={item.read ? 'notification-item' : 'notification-item notification-item--unread'}
      data-testid={`notification-${item._id}`}
      data-read={item.read}
    >
      <button
        type="button"
        className="notification-item__main"
        onClick={open}
        data-testid="notification-open"
      >
        <span className="notification-item__marker" aria-hidden />
        <span className="notification-item__text">
          <span className="notification-item__title" data-testid="notification-title">
            {item.read ? null : (
              <span className="notifications-sr-only">{t('notifications:item.unread')} </span>
            )}
            {item.title}
          </span>
          {item.content ? (
            <span className="notification-item__content" data-testid="notification-content">
              {item.content}
            </span>
          ) : null}
        </span>
      </button>
      <div className="notification-item__meta">
        <ModuleTag module={item.module} />
        <RelativeTime iso={item.createdAt} now={now} />
      </div>
      <div className="notification-item__actions">
        {item.read ? null : (
          <Button
            type="link"
            size="small"
            loading={markRead.isPending}
            onClick={() => markRead.mutate(item._id, { onError: failed })}
            aria-label={t('notifications:item.markReadOf', { title: item.title })}
            data-testid="notification-mark-read"
          >
            {t('notifications:item.markRead')}
          </Button>
        )}
        <ConfirmDanger
          title={t('notifications:item.deleteTitle')}
          description={item.title}
          okTestId="notification-delete-ok"
          onConfirm={() =>
            remove
              .mutateAsync(item._id)
              .then(() => void message.success(t('notifications:item.deleted')), failed)
          }
        >
          <Button
            type="link"
            size="small"
            danger
            loading={remove.isPending}
            aria-label={t('notifications:item.deleteOf', { title: item.title })}
            data-testid="notification-delete"
          >
            {t('notifications:item.delete')}
          </Button>
        </ConfirmDanger>
      </div>
    </li>
  );
}

/** The messages tab: all or unread only, by module, newest first, paged; mark all read. */
export function MessagesTab({ state, change }: { state: CentreState; change: Change }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useLanguage();
  const now = useNow();
  const query = { unreadOnly: state.unreadOnly, module: state.module, page: state.page };
  const messages = useMessages(query, language);
  const unread = useQuery(unreadCountQuery);
  const markAll = useMarkAllRead();

  const markAllRead = () =>
    markAll.mutate(undefined, {
      onSuccess: (result) =>
        void message.success(t('notifications:toolbar.markedAll', { count: result.updated })),
      onError: (error) => void message.error(errorMessage(error, t)),
    });

  return (
    <div className="notification-centre__panel">
      <div className="notification-centre__toolbar">
        <Segmented<'all' | 'unread'>
          value={state.unreadOnly ? 'unread' : 'all'}
          onChange={(value) => change({ unreadOnly: value === 'unread', page: 1 })}
          aria-label={t('notifications:filter.read')}
          options={[
            { value: 'all', label: <span data-testid="filter-all">{t('notifications:filter.all')}</span> },
            {
              value: 'unread',
              label: <span data-testid="filter-unread">{t('notifications:filter.unread')}</span>,
            },
          ]}
        />
        <ModuleFilter
          value={state.module}
          onChange={(module) => change({ module, page: 1 })}
          testId="messages-module"
        />
        <Button
          className="notification-centre__mark-all"
          onClick={markAllRead}
          loading={markAll.isPending}
          disabled={unread.data === 0}
          data-testid="mark-all-read"
        >
          {t('notifications:toolbar.markAllRead')}
        </Button>
      </div>
      <PagedList
        query={messages}
        page={state.page}
        onPage={(page) => change({ page })}
        errorTitle={t('notifications:messages.error')}
        emptyText={
          state.unreadOnly || state.module
            ? t('notifications:messages.emptyFiltered')
            : t('notifications:messages.empty')
        }
        testId="messages"
      >
        {(rows) => rows.map((item) => <MessageItem key={item._id} item={item} now={now} />)}
      </PagedList>
    </div>
  );
}
