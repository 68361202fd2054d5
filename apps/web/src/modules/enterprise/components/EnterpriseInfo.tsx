import { EditOutlined } from '@ant-design/icons';
import { Button, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planLabel } from '../../../lib/enterprisePlan';
import { formatBytes } from '../../../lib/format';
import { lazyComponent } from '../../../lib/lazyComponent';
import { useEnterprise } from '../api';

// The edit form loads when an administrator first opens it.
const EditEnterpriseModal = lazyComponent(
  () => import('./EditEnterpriseModal').then((module) => module.EditEnterpriseModal),
  { when: (props) => props.open },
);

/** An enterprise's name, short name and capacity figures (null: unlimited); its admins edit the names. */
export function EnterpriseInfo({ enterpriseId, isAdmin }: { enterpriseId: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const { data } = useEnterprise(enterpriseId);
  const [editing, setEditing] = useState(false);
  if (!data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const unlimited = t('enterprise:info.unlimited');
  return (
    <div className="enterprise-info" data-testid="e-info">
      <div className="enterprise-info__head">
        <Typography.Title level={4} className="enterprise-info__name" data-testid="e-info-name">
          {data.name}
        </Typography.Title>
        {data.isTrial ? <Tag color="orange">{t('enterprise:info.trial')}</Tag> : null}
        {isAdmin ? (
          <>
            <Tag color="blue" data-testid="e-admin">
              {t('enterprise:info.admin')}
            </Tag>
            <Button
              size="small"
              icon={<EditOutlined />}
              className="enterprise-info__edit"
              onClick={() => setEditing(true)}
              data-testid="e-info-edit"
            >
              {t('enterprise:edit.action')}
            </Button>
          </>
        ) : null}
      </div>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'shortName', label: t('enterprise:info.shortName'), children: data.shortName || '—' },
          {
            key: 'accounts',
            label: t('enterprise:info.accountCapacity'),
            children: data.accountCapacity ?? unlimited,
          },
          {
            key: 'space',
            label: t('enterprise:info.spaceCapacity'),
            children: data.spaceCapacity === null ? unlimited : formatBytes(data.spaceCapacity),
          },
          {
            key: 'projects',
            label: t('enterprise:info.projectLimit'),
            children: data.projectLimit ?? unlimited,
          },
          { key: 'plan', label: t('enterprise:info.paidPlan'), children: planLabel(data.paidPlan, t) },
        ]}
      />
      {isAdmin ? (
        <EditEnterpriseModal open={editing} enterprise={data} onClose={() => setEditing(false)} />
      ) : null}
    </div>
  );
}
