import type { MyMembershipInvitation } from '@lintel/contracts/org';
import { App, Button, Empty, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ErrorState } from '../../../components/ErrorState';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useAnswerMembershipInvitation, useMyMembershipInvitations } from '../api';

/** Where a new member goes: the project's workbench, or the organisation area. */
const placeOf = (invitation: MyMembershipInvitation) =>
  invitation.scopeType === 'project' ? `/projects/${encodeURIComponent(invitation.scopeId)}` : '/e';

/**
 * The invitations waiting for the signed-in user (issue 14: nobody becomes a member without consenting):
 * who invited them where; accept (they become a member as the inviter chose) or decline (confirmed).
 */
export function MyInvitations() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invitations = useMyMembershipInvitations(true);
  const answer = useAnswerMembershipInvitation();

  const respond = async (invitation: MyMembershipInvitation, choice: 'accept' | 'decline') => {
    try {
      await answer.mutateAsync({ id: invitation._id, answer: choice });
      if (choice === 'decline') {
        void message.success(t('enterprise:invitations.declined'));
        return;
      }
      void message.success(t('enterprise:invitations.joined', { name: invitation.scopeName }));
      void navigate(placeOf(invitation));
    } catch (error) {
      void message.error({ content: errorMessage(error, t), key: 'invitation-answer' });
    }
  };

  if (invitations.isPending) return <PageSpinner />;
  if (invitations.isError) {
    return (
      <ErrorState
        title={t('enterprise:invitations.loadError')}
        description={errorMessage(invitations.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void invitations.refetch()}
        testId="my-invitations-error"
      />
    );
  }
  if (invitations.data.length === 0) {
    return <Empty description={t('enterprise:invitations.empty')} data-testid="my-invitations-empty" />;
  }
  return (
    <List
      dataSource={invitations.data}
      data-testid="my-invitations"
      renderItem={(invitation) => {
        const by = invitation.inviter ? invitation.inviter.nickName || invitation.inviter.name : '—';
        const busy = answer.isPending && answer.variables?.id === invitation._id;
        return (
          <List.Item data-testid={`my-invitation-${invitation._id}`} className="enterprise-invitations__item">
            <div className="enterprise-invitations__text">
              <Typography.Text type="secondary">
                {t(`enterprise:invite.scope.${invitation.scopeType}`)}
              </Typography.Text>{' '}
              <strong>{invitation.scopeName}</strong>
              {invitation.scopeType === 'enterprise' ? null : (
                <Typography.Text type="secondary"> · {invitation.enterpriseName}</Typography.Text>
              )}
              <div>
                <Typography.Text type="secondary">
                  {t('enterprise:invitations.by', { name: by, date: formatDate(invitation.createdAt) })}
                </Typography.Text>
              </div>
            </div>
            <Space wrap>
              <Button
                type="primary"
                loading={busy && answer.variables?.answer === 'accept'}
                disabled={answer.isPending}
                onClick={() => void respond(invitation, 'accept')}
                data-testid={`my-invitation-accept-${invitation._id}`}
              >
                {t('enterprise:invitations.accept')}
              </Button>
              <ConfirmDanger
                title={t('enterprise:invitations.declineConfirm', { name: invitation.scopeName })}
                okText={t('enterprise:invitations.decline')}
                onConfirm={() => respond(invitation, 'decline')}
                okTestId="my-invitation-decline-ok"
              >
                <Button disabled={answer.isPending} data-testid={`my-invitation-decline-${invitation._id}`}>
                  {t('enterprise:invitations.decline')}
                </Button>
              </ConfirmDanger>
            </Space>
          </List.Item>
        );
      }}
    />
  );
}
