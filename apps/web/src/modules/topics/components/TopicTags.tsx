import {
  type TopicDelayBucket,
  type TopicDisplayState,
  type TopicPriority,
  topicOptionLabel,
} from '@lintel/contracts/topics';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';

const PRIORITY_COLORS: Record<TopicPriority, string> = {
  urgent: 'red',
  normal: 'blue',
  suspended: 'default',
};

const STATE_COLORS: Record<TopicDisplayState, string> = {
  processing: 'processing',
  processingDelayed: 'error',
  completed: 'success',
};

export function PriorityTag({ priority, testId }: { priority: TopicPriority; testId?: string }) {
  const language = useLanguage();
  return (
    <Tag color={PRIORITY_COLORS[priority]} data-testid={testId}>
      {topicOptionLabel('priorities', priority, language)}
    </Tag>
  );
}

/** The state shown (handling delayed in red) and, when late, by how many days. */
export function StateTag({
  state,
  delay,
  delayDays,
  testId,
}: {
  state: TopicDisplayState;
  delay: TopicDelayBucket;
  delayDays: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <span className="topic-state" data-testid={testId}>
      <Tag color={STATE_COLORS[state]}>{topicOptionLabel('displayStates', state, language)}</Tag>
      {delayDays > 0 ? (
        <Tag
          color={state === 'completed' ? 'warning' : 'error'}
          title={topicOptionLabel('delayBuckets', delay, language)}
        >
          {t('topics:state.delayDays', { count: delayDays })}
        </Tag>
      ) : null}
    </span>
  );
}
