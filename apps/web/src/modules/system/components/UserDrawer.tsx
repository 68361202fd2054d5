import type { AdminUser, AdminUserAction } from '@lintel/contracts/system';
import {
  Alert,
  message as antMessage,
  Button,
  Descriptions,
  Drawer,
  Empty,
  List,
  Modal,
  Space,
  Spin,
  Tag,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/dateTime';
import { errorMessage } from '../../../lib/errors';
import { useCurrentUser } from '../../account/api';
import { useUserAction, useUserDetail } from '../usersApi';
import { UserTags } from './UserTags';

/** A user's detail for a system administrator: state, where they belong, and the actions on them. */
export function UserDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antMessage.useMessage();
  const me = useCurrentUser();
  const detail = useUserDetail(id);
  const action = useUserAction();
  const user = detail.data?.user;
  const places = detail.data?.places ?? [];

  const run = async (target: AdminUser, kind: AdminUserAction) => {
    try {
      await action.mutateAsync({ user: target, action: kind });
      void message.success(t(`system:users.done.${kind}`, { name: target.name }));
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };
  // Disabling and requiring a new password end the user's sessions: both are confirmed first.
  const confirm = (target: AdminUser, kind: 'disable' | 'requirePasswordChange') => {
    modal.confirm({
      title: t(`system:users.confirm.${kind}.title`, { name: target.name }),
      content: t(`system:users.confirm.${kind}.description`),
      okText: t(`system:users.action.${kind}`),
      okButtonProps: { danger: kind === 'disable', id: 'system-user-confirm' },
      cancelText: t('system:users.cancel'),
      onOk: () => run(target, kind),
    });
  };

  const self = user !== undefined && me?._id === user._id;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width="min(560px, 100vw)"
      title={user ? user.name : t('system:users.detail')}
      destroyOnHidden
      data-testid="system-user-drawer"
    >
      {modalHolder}
      {messageHolder}
      {detail.isError ? (
        <Alert type="error" showIcon message={errorMessage(detail.error, t)} />
      ) : !user ? (
        <Spin />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            <UserTags user={user} />
          </Space>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('system:users.name')}>{user.name}</Descriptions.Item>
            <Descriptions.Item label={t('system:users.nickName')}>{user.nickName || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('system:users.phone')}>{user.phoneNumber || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('system:users.email')}>{user.email || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('system:users.createdAt')}>
              {formatTime(user.createdAt)}
            </Descriptions.Item>
            {user.lockedUntil ? (
              <Descriptions.Item label={t('system:users.lockedUntil')}>
                {formatTime(user.lockedUntil)}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <Space wrap style={{ margin: '16px 0' }} data-testid="system-user-actions">
            {user.disabled ? (
              <Button
                type="primary"
                loading={action.isPending}
                onClick={() => void run(user, 'enable')}
                data-testid="system-user-enable"
              >
                {t('system:users.action.enable')}
              </Button>
            ) : (
              <Button
                danger
                disabled={self}
                title={self ? t('system:users.notYourself') : undefined}
                onClick={() => confirm(user, 'disable')}
                data-testid="system-user-disable"
              >
                {t('system:users.action.disable')}
              </Button>
            )}
            {user.lockedUntil ? (
              <Button
                loading={action.isPending}
                onClick={() => void run(user, 'unlock')}
                data-testid="system-user-unlock"
              >
                {t('system:users.action.unlock')}
              </Button>
            ) : null}
            {user.mustChangePassword ? null : (
              <Button
                onClick={() => confirm(user, 'requirePasswordChange')}
                data-testid="system-user-force-reset"
              >
                {t('system:users.action.requirePasswordChange')}
              </Button>
            )}
          </Space>
          {self ? <Alert type="info" showIcon message={t('system:users.notYourself')} /> : null}
          <h4 style={{ marginTop: 16 }}>{t('system:users.places')}</h4>
          {places.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system:users.noPlaces')} />
          ) : (
            <List
              size="small"
              dataSource={places}
              data-testid="system-user-places"
              renderItem={(place) => (
                <List.Item>
                  <Space wrap size={4}>
                    <Tag>{t(`system:users.scope.${place.scopeType}`)}</Tag>
                    <span data-testid="system-user-place">{place.name}</span>
                    {place.scopeType !== 'enterprise' ? (
                      <span className="system-audit-id">{place.enterpriseName}</span>
                    ) : null}
                    <Tag color={place.role === 'admin' ? 'red' : 'default'}>
                      {t(`system:users.role.${place.role}`)}
                    </Tag>
                    {place.templateName ? <Tag color="blue">{place.templateName}</Tag> : null}
                  </Space>
                </List.Item>
              )}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
