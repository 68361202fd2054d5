import type { MembershipInvitation } from '@lintel/contracts/org';
import { App, Button, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useCancelMembershipInvitation, usePendingInvitations } from '../membersApi';

/**
 * The people invited to the project who have not answered yet (issue 14: membership needs consent). Only
 * what the inviter typed shows — the phone number or account — never the person it may match; an
 * administrator cancels one (confirmed). Nothing shows while none waits.
 */
export function PendingInvitations({
  projectId,
  templateNames,
}: {
  projectId: string;
  templateNames: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pending = usePendingInvitations(projectId);
  const cancel = useCancelMembershipInvitation(projectId);
  const rows = pending.data ?? [];
  if (rows.length === 0) return null;

  const onCancel = async (invitation: MembershipInvitation) => {
    try {
      await cancel.mutateAsync(invitation._id);
      void message.success(t('projectSettings:pending.cancelled'));
    } catch (error) {
      void message.error({ content: errorMessage(error, t), key: 'invitation-cancel' });
    }
  };

  const columns: ColumnsType<MembershipInvitation> = [
    {
      key: 'who',
      title: t('projectSettings:pending.who'),
      render: (_, row) => (
        <span>
          <Typography.Text type="secondary">
            {row.invitedAs.kind === 'phone'
              ? t('projectSettings:members.byPhone')
              : t('projectSettings:members.byAccount')}
            {': '}
          </Typography.Text>
          <span data-testid={`pending-who-${row._id}`}>{row.invitedAs.value}</span>{' '}
          <Tag color="orange">{t('projectSettings:pending.status')}</Tag>
        </span>
      ),
    },
    {
      key: 'template',
      title: t('projectSettings:members.template'),
      render: (_, row) => (row.templateId ? (templateNames.get(row.templateId) ?? '—') : '—'),
    },
    {
      key: 'remark',
      title: t('projectSettings:members.remark'),
      ellipsis: true,
      render: (_, row) => row.remark || '—',
    },
    {
      key: 'invited',
      title: t('projectSettings:pending.invited'),
      render: (_, row) =>
        `${row.inviter ? row.inviter.nickName || row.inviter.name : '—'} · ${formatDate(row.createdAt)}`,
    },
    {
      key: 'actions',
      title: t('projectSettings:members.actions'),
      fixed: 'right',
      render: (_, row) => (
        <ConfirmDanger
          title={t('projectSettings:pending.cancelConfirm', { who: row.invitedAs.value })}
          okText={t('projectSettings:pending.cancel')}
          onConfirm={() => onCancel(row)}
          okTestId="pending-cancel-ok"
        >
          <Button type="link" size="small" danger data-testid={`pending-cancel-${row._id}`}>
            {t('projectSettings:pending.cancel')}
          </Button>
        </ConfirmDanger>
      ),
    },
  ];

  return (
    <section className="project-settings__pending" data-testid="pending-invitations">
      <Typography.Title level={5}>
        {t('projectSettings:pending.title', { count: rows.length })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('projectSettings:pending.hint')}</Typography.Paragraph>
      <Table<MembershipInvitation>
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ 'data-testid': `pending-row-${row._id}` }) as React.HTMLAttributes<HTMLElement>}
      />
    </section>
  );
}
