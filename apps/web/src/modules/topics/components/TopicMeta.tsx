import type { Topic } from '@lintel/contracts/topics';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';
import { formatDate } from '../../../lib/format';
import { formatTime, userName, userNames } from '../format';

/** Where the topic belongs and who is in it. */
export function TopicMeta({ topic }: { topic: Topic }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const none = t('topics:detail.none');
  const separator = t('topics:detail.separator');
  const domain = topic.domain
    ? language === 'en-US' && topic.domain.nameEn
      ? topic.domain.nameEn
      : topic.domain.name
    : null;
  const items = [
    { key: 'domain', label: t('topics:field.domain'), children: domain ?? none },
    { key: 'species', label: t('topics:field.species'), children: topic.species?.name ?? none },
    { key: 'subcontract', label: t('topics:field.subcontract'), children: topic.subcontract?.name ?? none },
    { key: 'creator', label: t('topics:field.creator'), children: userName(topic.creator) ?? none },
    {
      key: 'mentions',
      label: t('topics:field.mentions'),
      children: userNames(topic.mentionedUsers, separator) || none,
    },
    {
      key: 'participants',
      label: t('topics:field.participants'),
      children: userNames(topic.participantUsers, separator) || none,
    },
    {
      key: 'deadline',
      label: t('topics:field.deadline'),
      children: topic.deadline ? formatDate(topic.deadline) : none,
    },
    { key: 'createdAt', label: t('topics:field.createdAt'), children: formatTime(topic.createdAt) },
  ];
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={items.map((item) => ({
        ...item,
        children: <span data-testid={`topic-meta-${item.key}`}>{item.children}</span>,
      }))}
      data-testid="topic-meta"
    />
  );
}
