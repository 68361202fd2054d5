import type { Language } from '@lintel/contracts';
import type { Notification } from '@lintel/contracts/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiUrl } from '../../../lib/http';
import { notificationKeys } from '../api';
import { getNotificationStreamConfig, openNotificationStream, type StreamMode } from './notificationStream';

export const STREAM_PATH = 'base-service/notifications/stream';

export interface LiveNotifications {
  mode: StreamMode;
  /** The latest notification that arrived while the page was open (for the screen reader announcement). */
  latest: Notification | null;
}

/**
 * The one notification stream of the tab (mounted by the header's bell, for a signed-in user only): its
 * counts go into the query cache, and each change reloads the lists that show it. Closed on unmount — the
 * bell unmounts at sign-out — and reopened when the language changes (system texts come translated).
 */
export function useLiveNotifications(language: Language): LiveNotifications {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<StreamMode>('connecting');
  const [latest, setLatest] = useState<Notification | null>(null);

  useEffect(() => {
    const { EventSource, timing } = getNotificationStreamConfig();
    const setCount = (key: readonly unknown[], value: number): boolean => {
      const changed = queryClient.getQueryData<number>(key) !== value;
      queryClient.setQueryData(key, value);
      return changed;
    };
    const reloadMessages = () =>
      void queryClient.invalidateQueries({ queryKey: notificationKeys.messages() });
    const reloadTodos = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.todos() });

    const stream = openNotificationStream({
      url: apiUrl(STREAM_PATH, { lang: language }),
      EventSource,
      timing,
      handlers: {
        onMode: setMode,
        onOpen: (reconnected) => {
          // Whatever happened while the stream was down is in the lists, not in the events.
          if (reconnected) {
            reloadMessages();
            reloadTodos();
          }
        },
        onUnread: (unread) => {
          // Read or deleted elsewhere (another tab, another device): the lists follow.
          if (setCount(notificationKeys.unread(), unread)) reloadMessages();
        },
        onNotification: ({ notification, unread }) => {
          setCount(notificationKeys.unread(), unread);
          reloadMessages();
          setLatest(notification);
        },
        onTodos: (count) => {
          if (setCount(notificationKeys.todoCount(), count)) reloadTodos();
        },
      },
    });
    return () => stream.close();
  }, [queryClient, language]);

  return { mode, latest };
}
