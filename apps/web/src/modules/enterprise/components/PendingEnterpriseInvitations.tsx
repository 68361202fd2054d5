import { App, Button, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useCancelEnterpriseInvitation, useEnterprisePendingInvitations } from '../api';

/**
 * The people invited to the enterprise who have not answered yet (issue 14): only what the administrator
 * typed shows; one can be cancelled (confirmed). Nothing shows while none waits.
 */
export function PendingEnterpriseInvitations({ enterpriseId }: { enterpriseId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pending = useEnterprisePendingInvitations(enterpriseId, true);
  const cancel = useCancelEnterpriseInvitation(enterpriseId);
  const rows = pending.data ?? [];
  if (rows.length === 0) return null;
  return (
    <List
      size="small"
      className="enterprise-members__pending"
      header={
        <Typography.Text strong>{t('enterprise:members.pending', { count: rows.length })}</Typography.Text>
      }
      dataSource={rows}
      data-testid="e-pending-invitations"
      renderItem={(row) => (
        <List.Item
          data-testid={`e-pending-${row._id}`}
          actions={[
            <ConfirmDanger
              key="cancel"
              title={t('enterprise:members.cancelConfirm', { who: row.invitedAs.value })}
              okText={t('enterprise:members.cancel')}
              okTestId="e-pending-cancel-ok"
              onConfirm={() =>
                cancel.mutateAsync(row._id).then(
                  () => void message.success(t('enterprise:members.cancelled')),
                  (error: unknown) => void message.error(errorMessage(error, t)),
                )
              }
            >
              <Button type="link" size="small" danger data-testid={`e-pending-cancel-${row._id}`}>
                {t('enterprise:members.cancel')}
              </Button>
            </ConfirmDanger>,
          ]}
        >
          <span className="enterprise-members__pending-who">
            {row.invitedAs.value} <Tag color="orange">{t('enterprise:members.pendingTag')}</Tag>
            <Typography.Text type="secondary">{formatDate(row.createdAt)}</Typography.Text>
          </span>
        </List.Item>
      )}
    />
  );
}
