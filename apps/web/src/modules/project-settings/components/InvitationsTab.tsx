import type { Invitation } from '@lintel/contracts/org';
import { App, Button, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ErrorState } from '../../../components/ErrorState';
import { errorMessage } from '../../../lib/errors';
import { useInvitations, useRevokeInvitation } from '../membersApi';

/**
 * The project's open invitation links (who made them, when, until when) and their revocation: a link sent
 * to the wrong person, or no longer wanted, stops working at once. The link itself cannot be shown again
 * (only its hash is kept), so the rows name the inviter and the times.
 */
/** Local date and time to the minute: two links made the same day are told apart. */
const formatDateTime = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm');

export function InvitationsTab({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invitations = useInvitations(projectId);
  const revoke = useRevokeInvitation(projectId);

  const onRevoke = async (invitation: Invitation) => {
    try {
      await revoke.mutateAsync(invitation._id);
      void message.success(t('projectSettings:invitations.revoked'));
    } catch (error) {
      void message.error({ content: errorMessage(error, t), key: 'invitation-revoke' });
    }
  };

  const columns: ColumnsType<Invitation> = [
    {
      key: 'inviter',
      title: t('projectSettings:invitations.inviter'),
      render: (_, invitation) =>
        invitation.inviter ? invitation.inviter.nickName || invitation.inviter.name : '—',
    },
    {
      key: 'createdAt',
      title: t('projectSettings:invitations.createdAt'),
      render: (_, invitation) => formatDateTime(invitation.createdAt),
    },
    {
      key: 'expiresAt',
      title: t('projectSettings:invitations.expiresAt'),
      render: (_, invitation) => formatDateTime(invitation.expiresAt),
    },
    {
      key: 'actions',
      title: t('projectSettings:members.actions'),
      render: (_, invitation) => (
        <ConfirmDanger
          title={t('projectSettings:invitations.revokeConfirm', {
            name: invitation.inviter?.nickName || invitation.inviter?.name || '—',
            date: formatDateTime(invitation.createdAt),
          })}
          description={t('projectSettings:invitations.revokeHint')}
          okText={t('projectSettings:invitations.revoke')}
          onConfirm={() => onRevoke(invitation)}
          okTestId="invitation-revoke-ok"
        >
          <Button type="link" size="small" danger data-testid={`invitation-revoke-${invitation._id}`}>
            {t('projectSettings:invitations.revoke')}
          </Button>
        </ConfirmDanger>
      ),
    },
  ];

  if (invitations.isError && !invitations.data) {
    return (
      <ErrorState
        title={t('projectSettings:invitations.loadError')}
        description={errorMessage(invitations.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void invitations.refetch()}
        testId="invitations-error"
      />
    );
  }

  return (
    <div className="project-settings__tab">
      <Typography.Paragraph type="secondary">{t('projectSettings:invitations.hint')}</Typography.Paragraph>
      <Table<Invitation>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={invitations.data ?? []}
        loading={invitations.isFetching || revoke.isPending}
        pagination={false}
        locale={{ emptyText: t('projectSettings:invitations.empty') }}
        onRow={(invitation) =>
          ({ 'data-testid': `invitation-row-${invitation._id}` }) as React.HTMLAttributes<HTMLElement>
        }
        data-testid="invitation-table"
      />
    </div>
  );
}
