import { EditOutlined } from '@ant-design/icons';
import type { AdminEnterprise } from '@lintel/contracts/enterprise-admin';
import { Alert, Button, Descriptions, Drawer, Empty, Progress, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useAdminEnterprise } from './EnterprisesTab.api';
import { planLabel, type QuotaKind, quotaText, usedPercent } from './enterprisePlan';

interface UsageRowProps {
  kind: QuotaKind;
  used: number;
  quota: number | null;
}

function UsageRow({ kind, used, quota }: UsageRowProps) {
  const { t } = useTranslation();
  const percent = usedPercent(used, quota);
  const full = quota !== null && used >= quota;
  const text =
    quota === null
      ? t('systemEnterprises:detail.usedUnlimited', { used: quotaText(kind, used, t) })
      : t('systemEnterprises:detail.usedOf', {
          used: quotaText(kind, used, t),
          quota: quotaText(kind, quota, t),
        });
  return (
    <div data-testid={`enterprise-usage-${kind}`} style={{ marginBottom: 12 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text strong>{t(`systemEnterprises:detail.${kind}`)}</Typography.Text>
        <Typography.Text type={full ? 'danger' : 'secondary'} data-testid={`enterprise-usage-${kind}-text`}>
          {text}
        </Typography.Text>
      </Space>
      {quota === null ? null : (
        <Progress
          percent={percent}
          status={percent >= 90 ? 'exception' : 'normal'}
          showInfo
          aria-label={text}
        />
      )}
      {quota !== null && percent >= 90 ? (
        <Typography.Text type="danger">{t('systemEnterprises:detail.nearlyFull')}</Typography.Text>
      ) : null}
    </div>
  );
}

/** GET admin/enterprises/{id}: plan, quotas against usage (progress bars) and administrators. */
export function EnterpriseDetail({
  id,
  onClose,
  onEdit,
}: {
  id: string | null;
  onClose: () => void;
  onEdit: (enterprise: AdminEnterprise) => void;
}) {
  const { t } = useTranslation();
  const detail = useAdminEnterprise(id);
  const e = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="min(520px, 100vw)"
      title={t('systemEnterprises:detail.title')}
      destroyOnHidden
      data-testid="enterprise-detail"
      extra={
        e ? (
          <Button icon={<EditOutlined />} onClick={() => onEdit(e)} data-testid="enterprise-detail-edit">
            {t('systemEnterprises:edit')}
          </Button>
        ) : null
      }
    >
      {detail.isError ? <Alert type="error" showIcon title={errorMessage(detail.error, t)} /> : null}
      {detail.isLoading ? <Skeleton active /> : null}
      {e ? (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('systemEnterprises:column.name')}>
              <span data-testid="enterprise-detail-name">{e.name}</span>{' '}
              {e.isTrial ? <Tag>{t('systemEnterprises:trialTag')}</Tag> : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('systemEnterprises:column.shortName')}>
              {e.shortName || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('systemEnterprises:column.plan')}>
              <span data-testid="enterprise-detail-plan">{planLabel(e.paidPlan, t)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('systemEnterprises:detail.createdAt')}>
              {formatDate(e.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('systemEnterprises:detail.updatedAt')}>
              {formatDate(e.updatedAt)}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('systemEnterprises:detail.usage')}
          </Typography.Title>
          <UsageRow kind="accounts" used={e.usage.accounts} quota={e.accountCapacity} />
          <UsageRow kind="projects" used={e.usage.projects} quota={e.projectLimit} />
          <UsageRow kind="storage" used={e.usage.spaceUsed} quota={e.spaceCapacity} />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('systemEnterprises:detail.admins')}
          </Typography.Title>
          {e.admins.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('systemEnterprises:detail.noAdmins')}
            />
          ) : (
            <Space wrap data-testid="enterprise-detail-admins">
              {e.admins.map((a) => (
                <Tag key={a._id}>{a.nickName ? `${a.nickName} (${a.name})` : a.name}</Tag>
              ))}
            </Space>
          )}
        </>
      ) : null}
    </Drawer>
  );
}
