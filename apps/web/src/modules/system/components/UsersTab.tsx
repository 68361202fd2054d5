import type { User } from '@lintel/contracts/account';
import { Alert, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useAdminUsers } from '../adminApi';

/** GET admin/users: a keyword over account, nickname and phone; paged with the total. */
export function UsersTab() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const users = useAdminUsers(keyword, page, pageSize);
  return (
    <div>
      <Input.Search
        allowClear
        className="system-search"
        placeholder={t('system:users.search')}
        aria-label={t('system:users.search')}
        onSearch={(value) => {
          setKeyword(value);
          setPage(1);
        }}
        enterButton
        data-testid="system-user-search"
        style={{ maxWidth: 400, marginBottom: 12 }}
      />
      {users.isError ? <Alert type="error" showIcon message={errorMessage(users.error, t)} /> : null}
      <Table<User>
        size="small"
        rowKey="_id"
        loading={users.isFetching}
        dataSource={users.data?.rows ?? []}
        data-testid="system-users"
        pagination={{
          current: page,
          pageSize,
          total: users.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => <span data-testid="system-users-total">{t('system:total', { total })}</span>,
          onChange: (next, size) => {
            setPage(size !== pageSize ? 1 : next);
            setPageSize(size);
          },
        }}
        columns={[
          {
            key: 'name',
            title: t('system:users.name'),
            render: (_, user) => <span data-testid="system-user-name">{user.name}</span>,
          },
          { key: 'nickName', title: t('system:users.nickName'), dataIndex: 'nickName' },
          { key: 'phone', title: t('system:users.phone'), render: (_, user) => user.phoneNumber || '—' },
          { key: 'email', title: t('system:users.email'), render: (_, user) => user.email || '—' },
          {
            key: 'flags',
            title: t('system:users.flags'),
            render: (_, user) => (
              <>
                {user.isSystemAdmin ? <Tag color="red">{t('system:users.admin')}</Tag> : null}
                {user.isTrial ? <Tag color="orange">{t('system:users.trial')}</Tag> : null}
              </>
            ),
          },
          {
            key: 'createdAt',
            title: t('system:users.createdAt'),
            render: (_, user) => formatDate(user.createdAt),
          },
        ]}
      />
    </div>
  );
}
