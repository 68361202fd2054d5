import './system.css';
import type { AdminUser } from '@lintel/contracts/system';
import { Alert, Button, Input, List } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useUsersPage } from '../usersApi';
import { UserDrawer } from './UserDrawer';
import { UserTags } from './UserTags';

/**
 * Users administration (issue 17): a keyword over account, nickname and phone; paged with the total; each
 * user opens a detail (where they belong) with the actions: disable / enable, unlock, require a new password.
 */
export function UsersTab() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [openId, setOpenId] = useState<string | null>(null);
  const users = useUsersPage(keyword, page, pageSize);
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
      <List<AdminUser>
        className="system-users-list"
        loading={users.isFetching}
        dataSource={users.data?.rows ?? []}
        data-testid="system-users"
        locale={{ emptyText: t('system:users.empty') }}
        pagination={
          users.data
            ? {
                current: page,
                pageSize,
                total: users.data?.total ?? 0,
                showSizeChanger: true,
                size: 'small',
                showTotal: (total) => (
                  <span data-testid="system-users-total">{t('system:total', { total })}</span>
                ),
                onChange: (next, size) => {
                  setPage(size !== pageSize ? 1 : next);
                  setPageSize(size);
                },
              }
            : false
        }
        renderItem={(user) => (
          <li className="system-user-card" data-testid="system-user">
            <div className="system-user-head">
              <span className="system-user-title" data-testid="system-user-name">
                {user.name}
              </span>
              {user.nickName && user.nickName !== user.name ? <span>{user.nickName}</span> : null}
              <UserTags user={user} />
            </div>
            <div className="system-user-facts">
              <span>
                {t('system:users.phone')}: {user.phoneNumber || '—'}
              </span>
              <span>
                {t('system:users.email')}: {user.email || '—'}
              </span>
              <span>
                {t('system:users.createdAt')}: {formatDate(user.createdAt)}
              </span>
            </div>
            <div className="system-user-actions">
              <Button size="small" onClick={() => setOpenId(user._id)} data-testid="system-user-open">
                {t('system:users.manage')}
              </Button>
            </div>
          </li>
        )}
      />
      <UserDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
