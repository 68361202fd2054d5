import { UserAddOutlined } from '@ant-design/icons';
import { isMembershipInvitation } from '@lintel/contracts/org';
import { App, Avatar, Button, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { safeUrl } from '../../../lib/url';
import { useAddEnterpriseMember, useEnterpriseMembers } from '../api';
import { PendingEnterpriseInvitations } from './PendingEnterpriseInvitations';

/** A mainland mobile number; anything else is taken as an account name. */
const PHONE = /^1\d{10}$/;

/**
 * The members of an enterprise (GET enterprises/{id}/members?expand=true); its administrators add people by
 * phone number or account (POST enterprises/{id}/members).
 */
export function MembersPanel({ enterpriseId, isAdmin }: { enterpriseId: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const members = useEnterpriseMembers(enterpriseId);
  const add = useAddEnterpriseMember(enterpriseId);
  const [who, setWho] = useState('');

  const submit = () => {
    const value = who.trim();
    if (!value) return;
    add.mutate(PHONE.test(value) ? { phoneNumber: value } : { name: value }, {
      onSuccess: (result) => {
        setWho('');
        // Someone not yet of the enterprise is invited: a member once they accept (issue 14).
        void message.success(
          isMembershipInvitation(result)
            ? t('enterprise:members.invited', { who: value })
            : t('enterprise:members.added'),
        );
      },
      onError: (error) => void message.error(errorMessage(error, t)),
    });
  };

  return (
    <div className="enterprise-members">
      {isAdmin ? (
        <Space.Compact className="enterprise-members__add">
          <Input
            value={who}
            onChange={(event) => setWho(event.target.value)}
            onPressEnter={submit}
            placeholder={t('enterprise:members.addPlaceholder')}
            aria-label={t('enterprise:members.addPlaceholder')}
            data-testid="e-member-who"
          />
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            loading={add.isPending}
            disabled={!who.trim()}
            onClick={submit}
            data-testid="e-member-add"
          >
            {t('enterprise:members.add')}
          </Button>
        </Space.Compact>
      ) : null}
      {isAdmin ? <PendingEnterpriseInvitations enterpriseId={enterpriseId} /> : null}
      <Table
        size="small"
        rowKey="_id"
        loading={members.isPending}
        dataSource={members.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        data-testid="e-members"
        locale={members.isError ? { emptyText: errorMessage(members.error, t) } : undefined}
        columns={[
          {
            key: 'name',
            title: t('enterprise:members.name'),
            render: (_, member) => (
              <Space>
                <Avatar size="small" src={safeUrl(member.user?.avatar) ?? undefined}>
                  {(member.user?.nickName || member.user?.name || '?').slice(0, 1)}
                </Avatar>
                <span data-testid="e-member-name">
                  {member.user?.nickName || member.user?.name || member.userId}
                </span>
              </Space>
            ),
          },
          { key: 'account', title: t('enterprise:members.account'), render: (_, m) => m.user?.name ?? '—' },
          {
            key: 'phone',
            title: t('enterprise:members.phone'),
            render: (_, m) => m.user?.phoneNumber || '—',
          },
          {
            key: 'role',
            title: t('enterprise:members.role'),
            render: (_, member) =>
              member.role === 'admin' ? (
                <Tag color="blue">{t('enterprise:members.admin')}</Tag>
              ) : (
                <Tag>{t('enterprise:members.member')}</Tag>
              ),
          },
        ]}
      />
    </div>
  );
}
