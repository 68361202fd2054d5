import { DeleteOutlined, PushpinOutlined, RollbackOutlined } from '@ant-design/icons';
import type { AnnouncementSummary } from '@lintel/contracts/announcements';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { errorMessage } from '../../../lib/errors';
import { useChangeAnnouncement, useDeleteAnnouncement } from '../api';

/** What the user may do in the project's announcements (GET projects/{id}/auth, and being its admin). */
export interface AnnouncementRights {
  canCreate: boolean;
  canDelete: boolean;
  isAdmin: boolean;
}

/** Pin, unpin and recall: its sender while they may publish, and project admins (as the server decides). */
export function mayManage(
  announcement: Pick<AnnouncementSummary, 'type'>,
  rights: AnnouncementRights,
): boolean {
  return rights.isAdmin || (announcement.type === 'send' && rights.canCreate);
}

interface AnnouncementActionsProps {
  projectId: string;
  announcement: AnnouncementSummary;
  rights: AnnouncementRights;
  /** After it was deleted (the detail goes back to the list). */
  onDeleted?: () => void;
  size?: 'small' | 'middle';
}

/** The buttons of one announcement, each shown only when the user's rights allow it. */
export function AnnouncementActions({
  projectId,
  announcement,
  rights,
  onDeleted,
  size = 'small',
}: AnnouncementActionsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useChangeAnnouncement(projectId);
  const remove = useDeleteAnnouncement(projectId);
  const manage = mayManage(announcement, rights) && !announcement.recalled;
  // A receiver's delete only takes it out of their own list.
  const mine = announcement.type === 'receive';
  const busy = change.isPending || remove.isPending;
  const id = announcement._id;

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      void message.success(done);
      return true;
    } catch (error) {
      void message.error(errorMessage(error, t));
      return false;
    }
  };

  if (!manage && !rights.canDelete) return null;
  return (
    <Space size={size === 'small' ? 0 : 'small'} wrap data-testid={`announcement-actions-${id}`}>
      {manage ? (
        <Button
          type={size === 'small' ? 'link' : 'default'}
          size={size}
          icon={<PushpinOutlined />}
          disabled={busy}
          onClick={() =>
            void run(
              () => change.mutateAsync({ id, stick: !announcement.stick }),
              t(announcement.stick ? 'announcements:done.unpinned' : 'announcements:done.pinned'),
            )
          }
          data-testid={`announcement-stick-${id}`}
        >
          {announcement.stick ? t('announcements:action.unpin') : t('announcements:action.pin')}
        </Button>
      ) : null}
      {manage ? (
        <ConfirmDanger
          title={t('announcements:confirm.recallTitle')}
          description={t('announcements:confirm.recallDescription')}
          okText={t('announcements:confirm.recallOk')}
          okTestId={`announcement-recall-ok-${id}`}
          onConfirm={() =>
            run(() => change.mutateAsync({ id, recall: true }), t('announcements:done.recalled'))
          }
        >
          <Button
            type={size === 'small' ? 'link' : 'default'}
            size={size}
            icon={<RollbackOutlined />}
            disabled={busy}
            data-testid={`announcement-recall-${id}`}
          >
            {t('announcements:action.recall')}
          </Button>
        </ConfirmDanger>
      ) : null}
      {rights.canDelete ? (
        <ConfirmDanger
          title={mine ? t('announcements:confirm.deleteMineTitle') : t('announcements:confirm.deleteTitle')}
          description={
            mine
              ? t('announcements:confirm.deleteMineDescription')
              : t('announcements:confirm.deleteDescription')
          }
          okTestId={`announcement-delete-ok-${id}`}
          onConfirm={async () => {
            if (await run(() => remove.mutateAsync(id), t('announcements:done.deleted'))) onDeleted?.();
          }}
        >
          <Button
            type={size === 'small' ? 'link' : 'default'}
            size={size}
            danger
            icon={<DeleteOutlined />}
            disabled={busy}
            data-testid={`announcement-delete-${id}`}
          >
            {mine ? t('announcements:action.deleteMine') : t('announcements:action.delete')}
          </Button>
        </ConfirmDanger>
      ) : null}
    </Space>
  );
}
