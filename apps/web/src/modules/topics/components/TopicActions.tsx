import {
  CheckOutlined,
  DeleteOutlined,
  EditOutlined,
  RedoOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import type { Topic } from '@lintel/contracts/topics';
import { App, Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { errorMessage } from '../../../lib/errors';
import { useDeleteTopic, useFollow, useUnfollow, useUpdateTopic } from '../api';
import { editTopicPath, topicsPath } from '../paths';

/** What one can do with a topic, as its `abilities` allow: follow, close or reopen, edit, delete. */
export function TopicActions({ projectId, topic }: { projectId: string; topic: Topic }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const follow = useFollow(projectId);
  const unfollow = useUnfollow(projectId);
  const update = useUpdateTopic(projectId);
  const remove = useDeleteTopic(projectId);
  const completed = topic.status === 'completed';

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      void message.success(done);
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };

  return (
    <Space wrap>
      <Button
        icon={topic.following ? <StarFilled /> : <StarOutlined />}
        loading={follow.isPending || unfollow.isPending}
        aria-pressed={topic.following}
        onClick={() =>
          void (topic.following
            ? run(() => unfollow.mutateAsync(topic._id), t('topics:done.unfollowed'))
            : run(() => follow.mutateAsync(topic._id), t('topics:done.followed')))
        }
        data-testid="topic-follow"
      >
        {topic.following ? t('topics:action.unfollow') : t('topics:action.follow')}
      </Button>
      {topic.abilities.close && !completed ? (
        <Popconfirm
          title={t('topics:detail.closeConfirm')}
          description={t('topics:detail.closeDescription')}
          okText={t('topics:action.close')}
          cancelText={t('topics:action.cancel')}
          okButtonProps={{ ...({ 'data-testid': 'topic-close-ok' } as object) }}
          onConfirm={() =>
            run(() => update.mutateAsync({ id: topic._id, status: 'completed' }), t('topics:done.closed'))
          }
        >
          <Button icon={<CheckOutlined />} loading={update.isPending} data-testid="topic-close">
            {t('topics:action.close')}
          </Button>
        </Popconfirm>
      ) : null}
      {topic.abilities.close && completed ? (
        <Button
          icon={<RedoOutlined />}
          loading={update.isPending}
          onClick={() =>
            void run(
              () => update.mutateAsync({ id: topic._id, status: 'processing' }),
              t('topics:done.reopened'),
            )
          }
          data-testid="topic-reopen"
        >
          {t('topics:action.reopen')}
        </Button>
      ) : null}
      {topic.abilities.edit && !completed ? (
        <Button
          icon={<EditOutlined />}
          onClick={() => void navigate(editTopicPath(projectId, topic._id))}
          data-testid="topic-edit"
        >
          {t('topics:action.edit')}
        </Button>
      ) : null}
      {topic.abilities.delete ? (
        <ConfirmDanger
          title={t('topics:detail.deleteConfirm', { number: topic.number })}
          description={t('topics:detail.deleteDescription')}
          okTestId="topic-delete-ok"
          onConfirm={() =>
            remove.mutateAsync(topic._id).then(
              () => {
                void message.success(t('topics:done.deleted'));
                void navigate(topicsPath(projectId));
              },
              (error: unknown) => void message.error(errorMessage(error, t)),
            )
          }
        >
          <Button danger icon={<DeleteOutlined />} loading={remove.isPending} data-testid="topic-delete">
            {t('topics:action.delete')}
          </Button>
        </ConfirmDanger>
      ) : null}
    </Space>
  );
}
