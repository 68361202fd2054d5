import type { Enterprise } from '@lintel/contracts/org';
import { Alert, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useAdminEnterprises } from '../adminApi';

/** GET admin/enterprises?isTrial=false: the paying enterprises, paged with the total. */
export function EnterprisesTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const enterprises = useAdminEnterprises(page, pageSize, true);
  const unlimited = t('system:enterprises.unlimited');
  return (
    <div>
      {enterprises.isError ? (
        <Alert type="error" showIcon message={errorMessage(enterprises.error, t)} />
      ) : null}
      <Table<Enterprise>
        size="small"
        rowKey="_id"
        loading={enterprises.isFetching}
        dataSource={enterprises.data?.rows ?? []}
        data-testid="system-enterprises"
        pagination={{
          current: page,
          pageSize,
          total: enterprises.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('system:total', { total }),
          onChange: (next, size) => {
            setPage(size !== pageSize ? 1 : next);
            setPageSize(size);
          },
        }}
        columns={[
          {
            key: 'name',
            title: t('system:enterprises.name'),
            render: (_, e) => <span data-testid="system-enterprise-name">{e.name}</span>,
          },
          {
            key: 'shortName',
            title: t('system:enterprises.shortName'),
            render: (_, e) => e.shortName || '—',
          },
          {
            key: 'accounts',
            title: t('system:enterprises.accountCapacity'),
            render: (_, e) => e.accountCapacity ?? unlimited,
          },
          {
            key: 'projects',
            title: t('system:enterprises.projectLimit'),
            render: (_, e) => e.projectLimit ?? unlimited,
          },
          { key: 'plan', title: t('system:enterprises.paidPlan'), render: (_, e) => e.paidPlan || '—' },
          {
            key: 'createdAt',
            title: t('system:enterprises.createdAt'),
            render: (_, e) => formatDate(e.createdAt),
          },
        ]}
      />
    </div>
  );
}
