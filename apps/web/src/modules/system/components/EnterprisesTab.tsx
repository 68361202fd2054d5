import './EnterprisesTab.locales';
import { PlusOutlined } from '@ant-design/icons';
import {
  type AdminEnterprise,
  ENTERPRISE_PLANS,
  type EnterprisePlan,
} from '@lintel/contracts/enterprise-admin';
import type { Enterprise } from '@lintel/contracts/org';
import { Alert, Button, Empty, Input, message as messageApi, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { EnterpriseDetail } from './EnterpriseDetail';
import { EnterpriseForm } from './EnterpriseForm';
import { type EnterpriseKind, useEnterpriseList } from './EnterprisesTab.api';
import { planLabel, quotaText } from './enterprisePlan';

const KINDS: EnterpriseKind[] = ['all', 'paying', 'trial'];

/**
 * /system → enterprises: search by name, filter by kind, page; open one for its usage against its quotas;
 * create and edit (plan, quotas). On a phone only the name, plan and actions stay as columns.
 */
export function EnterprisesTab() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<EnterpriseKind>('paying');
  const [plan, setPlan] = useState<EnterprisePlan | 'all'>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [detailId, setDetailId] = useState<string | null>(null);
  /** undefined: no form; null: a new enterprise. */
  const [editing, setEditing] = useState<AdminEnterprise | null | undefined>(undefined);
  const enterprises = useEnterpriseList(keyword, kind, plan, page, pageSize);
  const [message, messageHolder] = messageApi.useMessage();

  return (
    <div data-testid="system-enterprises-tab">
      {messageHolder}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('systemEnterprises:search')}
          aria-label={t('systemEnterprises:search')}
          enterButton
          onSearch={(value) => {
            setKeyword(value);
            setPage(1);
          }}
          data-testid="enterprise-search"
          style={{ flex: '1 1 220px', maxWidth: 360 }}
        />
        <Select<EnterpriseKind>
          value={kind}
          aria-label={t('systemEnterprises:kind.label')}
          onChange={(value) => {
            setKind(value);
            setPage(1);
          }}
          options={KINDS.map((value) => ({ value, label: t(`systemEnterprises:kind.${value}`) }))}
          data-testid="enterprise-kind"
          style={{ width: 160 }}
        />
        <Select<EnterprisePlan | 'all'>
          value={plan}
          aria-label={t('systemEnterprises:planFilter.label')}
          onChange={(value) => {
            setPlan(value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('systemEnterprises:planFilter.all') },
            ...ENTERPRISE_PLANS.map((value) => ({ value, label: planLabel(value, t) })),
          ]}
          data-testid="enterprise-plan-filter"
          style={{ width: 140 }}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing(null)}
          data-testid="enterprise-create"
        >
          {t('systemEnterprises:create')}
        </Button>
      </div>
      {enterprises.isError ? (
        <Alert type="error" showIcon title={errorMessage(enterprises.error, t)} />
      ) : null}
      <Table<Enterprise>
        size="small"
        rowKey="_id"
        loading={enterprises.isFetching}
        dataSource={enterprises.data?.rows ?? []}
        data-testid="system-enterprises"
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('systemEnterprises:empty')} />
          ),
        }}
        pagination={{
          current: page,
          pageSize,
          total: enterprises.data?.total ?? 0,
          showSizeChanger: true,
          size: 'small',
          showTotal: (total) => (
            <span data-testid="enterprise-total">{t('systemEnterprises:total', { total })}</span>
          ),
          onChange: (next, size) => {
            setPage(size !== pageSize ? 1 : next);
            setPageSize(size);
          },
        }}
        columns={[
          {
            key: 'name',
            title: t('systemEnterprises:column.name'),
            render: (_, e) => (
              <Button
                type="link"
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                onClick={() => setDetailId(e._id)}
              >
                <span data-testid="system-enterprise-name">{e.name}</span>
                {e.isTrial ? (
                  <Tag style={{ marginInlineStart: 6 }}>{t('systemEnterprises:trialTag')}</Tag>
                ) : null}
              </Button>
            ),
          },
          {
            key: 'shortName',
            title: t('systemEnterprises:column.shortName'),
            responsive: ['lg'],
            render: (_, e) => e.shortName || '—',
          },
          {
            key: 'plan',
            title: t('systemEnterprises:column.plan'),
            render: (_, e) => <span data-testid="system-enterprise-plan">{planLabel(e.paidPlan, t)}</span>,
          },
          {
            key: 'accounts',
            title: t('systemEnterprises:column.accounts'),
            responsive: ['md'],
            render: (_, e) => quotaText('accounts', e.accountCapacity, t),
          },
          {
            key: 'projects',
            title: t('systemEnterprises:column.projects'),
            responsive: ['md'],
            render: (_, e) => quotaText('projects', e.projectLimit, t),
          },
          {
            key: 'storage',
            title: t('systemEnterprises:column.storage'),
            responsive: ['md'],
            render: (_, e) => quotaText('storage', e.spaceCapacity, t),
          },
          {
            key: 'createdAt',
            title: t('systemEnterprises:column.createdAt'),
            responsive: ['lg'],
            render: (_, e) => formatDate(e.createdAt),
          },
          {
            key: 'actions',
            title: t('systemEnterprises:column.actions'),
            render: (_, e) => (
              <Button size="small" onClick={() => setDetailId(e._id)} data-testid="enterprise-view">
                {t('systemEnterprises:view')}
              </Button>
            ),
          },
        ]}
      />
      <EnterpriseDetail id={detailId} onClose={() => setDetailId(null)} onEdit={(e) => setEditing(e)} />
      {editing === undefined ? null : (
        <EnterpriseForm
          key={editing?._id ?? 'new'}
          enterprise={editing}
          open
          onClose={() => setEditing(undefined)}
          onDone={(edited) => {
            setEditing(undefined);
            void message.success(
              t(edited ? 'systemEnterprises:form.saved' : 'systemEnterprises:form.created'),
            );
          }}
        />
      )}
    </div>
  );
}
