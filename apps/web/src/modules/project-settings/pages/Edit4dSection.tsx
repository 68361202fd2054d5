import type { MemberView } from '@lintel/contracts/org';
import { Alert, App, Button, Card, Descriptions, Modal, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ErrorState } from '../../../components/ErrorState';
import { InlineAlert } from '../../../components/InlineAlert';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useCurrentProject } from '../../workbench';
import { useAuthorize4d, useEdit4dStatus, useEditors } from '../extraApi';

const memberName = (m: MemberView) => m.user?.nickName || m.user?.name || m.userId;

/** Pick members to authorise: never more than the available count (spec 001 §5); the server has the last word. */
function AuthorizeDialog({
  projectId,
  open,
  available,
  onClose,
}: {
  projectId: string;
  open: boolean;
  available: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const candidates = useEditors(projectId, false);
  const authorize = useAuthorize4d(projectId);
  const [picked, setPicked] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const tooMany = picked.length > available;

  const submit = async () => {
    setFailure(null);
    if (picked.length === 0) {
      setFailure(t('projectSettings:edit4d.pickSome'));
      return;
    }
    if (tooMany) return;
    try {
      await authorize.mutateAsync({ userIds: picked });
      void message.success(t('projectSettings:edit4d.authorized'));
      setPicked([]);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <Modal
      open={open}
      title={t('projectSettings:edit4d.authorize')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={authorize.isPending}
      okButtonProps={{ disabled: tooMany, ...({ 'data-testid': 'edit4d-authorize-ok' } as object) }}
    >
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        value={picked}
        onChange={setPicked}
        loading={candidates.isPending}
        optionFilterProp="label"
        placeholder={t('projectSettings:edit4d.pickPlaceholder')}
        status={tooMany ? 'error' : undefined}
        options={(candidates.data ?? []).map((m) => ({
          value: m.userId,
          label: `${memberName(m)}（${m.user?.name ?? ''}）`,
        }))}
        data-testid="edit4d-pick"
      />
      <p className="project-settings__hint">
        {tooMany ? (
          <span className="project-settings__error" data-testid="edit4d-too-many">
            {t('projectSettings:edit4d.tooMany', { available })}
          </span>
        ) : (
          t('projectSettings:edit4d.pickHint', { count: picked.length, available })
        )}
      </p>
      {failure ? <InlineAlert type="error" message={failure} testId="edit4d-error" /> : null}
    </Modal>
  );
}

/** 4D editing authorisation: the enterprise's allowance as this project sees it, and the project's 4D editors. */
export default function Edit4dSection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { projectId } = useCurrentProject();
  const status = useEdit4dStatus(projectId);
  const editors = useEditors(projectId, true);
  const revoke = useAuthorize4d(projectId);
  const [open, setOpen] = useState(false);

  if (status.isPending) return <PageSpinner />;
  if (status.isError) {
    return (
      <ErrorState
        title={t('projectSettings:edit4d.loadError')}
        description={errorMessage(status.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void status.refetch()}
        testId="edit4d-status-error"
      />
    );
  }
  const s = status.data;
  const blocked = s.expired
    ? t('projectSettings:edit4d.expired')
    : s.available === 0
      ? t('projectSettings:edit4d.noneAvailable')
      : null;

  const columns: ColumnsType<MemberView> = [
    { key: 'nickName', title: t('projectSettings:members.nickName'), render: (_, m) => memberName(m) },
    { key: 'name', title: t('projectSettings:members.account'), render: (_, m) => m.user?.name },
    {
      key: 'actions',
      title: t('projectSettings:members.actions'),
      render: (_, m) => (
        <ConfirmDanger
          title={t('projectSettings:edit4d.revokeConfirm', { name: memberName(m) })}
          okText={t('projectSettings:edit4d.revoke')}
          onConfirm={() =>
            revoke.mutateAsync({ userIds: [m.userId], revoke: true }).then(
              () => void message.success(t('projectSettings:edit4d.revoked')),
              (error: unknown) => void message.error(errorMessage(error, t)),
            )
          }
          okTestId="edit4d-revoke-ok"
        >
          <Button type="link" size="small" danger data-testid={`edit4d-revoke-${m.userId}`}>
            {t('projectSettings:edit4d.revoke')}
          </Button>
        </ConfirmDanger>
      ),
    },
  ];

  return (
    <Card
      title={t('projectSettings:edit4d.title')}
      extra={
        <Button
          type="primary"
          disabled={blocked !== null}
          onClick={() => setOpen(true)}
          data-testid="edit4d-authorize"
        >
          {t('projectSettings:edit4d.authorize')}
        </Button>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 4 }}
        data-testid="edit4d-status"
        items={[
          {
            key: 'available',
            label: t('projectSettings:edit4d.available'),
            children: <span data-testid="edit4d-available">{s.available}</span>,
          },
          { key: 'total', label: t('projectSettings:edit4d.total'), children: s.total },
          { key: 'authorized', label: t('projectSettings:edit4d.authorizedCount'), children: s.authorized },
          {
            key: 'expiresAt',
            label: t('projectSettings:edit4d.expiresAt'),
            children: s.expiresAt ? (
              <span>
                {formatDate(s.expiresAt)}{' '}
                {s.expired ? <Tag color="red">{t('projectSettings:edit4d.expiredTag')}</Tag> : null}
              </span>
            ) : (
              t('projectSettings:edit4d.noExpiry')
            ),
          },
        ]}
      />
      {blocked ? (
        <Alert
          type="warning"
          showIcon
          title={blocked}
          data-testid="edit4d-blocked"
          className="project-settings__card"
        />
      ) : null}
      <Table<MemberView>
        rowKey="_id"
        columns={columns}
        dataSource={editors.data ?? []}
        loading={editors.isPending || revoke.isPending}
        pagination={false}
        locale={{ emptyText: t('projectSettings:edit4d.empty') }}
        data-testid="edit4d-table"
      />
      <AuthorizeDialog
        projectId={projectId}
        open={open}
        available={s.available}
        onClose={() => setOpen(false)}
      />
    </Card>
  );
}
