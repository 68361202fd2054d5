import { App, Button, Card, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { errorMessage } from '../../../lib/errors';
import { useCurrentUser } from '../../account/api';
import { useLeaveProject, useOwnMembership, useSetOwnPhoneSecret } from '../api';
import { useCurrentProject } from '../context';

/**
 * The signed-in member's own place in the project: hide their phone from the other members (admins still
 * see it), and leave the project — not as its administrator (the same rule as removal: project info drops
 * the admin first). Nothing shows for someone who is no member of the project itself.
 */
export function MyMembershipCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { projectId, project } = useCurrentProject();
  const membership = useOwnMembership(projectId, user?._id);
  const phoneSecret = useSetOwnPhoneSecret(projectId);
  const leave = useLeaveProject(projectId);
  const own = membership.data;
  if (!own) return null;
  const isAdmin = own.role === 'admin';

  const onPhoneSecret = (checked: boolean) =>
    phoneSecret.mutate(checked, {
      onSuccess: () =>
        void message.success(checked ? t('workbench:me.phoneHidden') : t('workbench:me.phoneShown')),
      onError: (error) => void message.error({ content: errorMessage(error, t), key: 'me-phone' }),
    });

  const onLeave = async () => {
    try {
      await leave.mutateAsync();
      void message.success(t('workbench:me.left', { name: project.name }));
      void navigate('/home');
    } catch (error) {
      void message.error({ content: errorMessage(error, t), key: 'me-leave' });
    }
  };

  return (
    <Card variant="borderless" title={t('workbench:me.title')} data-testid="my-membership">
      <Space orientation="vertical" size="middle">
        <Space align="center">
          <Switch
            checked={phoneSecret.isPending ? phoneSecret.variables : own.phoneSecret}
            loading={phoneSecret.isPending}
            onChange={onPhoneSecret}
            aria-label={t('workbench:me.phoneSecret')}
            data-testid="my-phone-secret"
          />
          <span>{t('workbench:me.phoneSecret')}</span>
        </Space>
        <Typography.Text type="secondary">{t('workbench:me.phoneSecretHint')}</Typography.Text>
        {isAdmin ? (
          <Typography.Text type="secondary" data-testid="my-leave-admin">
            {t('workbench:me.adminCannotLeave')}
          </Typography.Text>
        ) : (
          <ConfirmDanger
            title={t('workbench:me.leaveConfirm', { name: project.name })}
            description={t('workbench:me.leaveHint')}
            okText={t('workbench:me.leave')}
            onConfirm={onLeave}
            okTestId="my-leave-ok"
          >
            <Button danger loading={leave.isPending} data-testid="my-leave">
              {t('workbench:me.leave')}
            </Button>
          </ConfirmDanger>
        )}
      </Space>
    </Card>
  );
}
