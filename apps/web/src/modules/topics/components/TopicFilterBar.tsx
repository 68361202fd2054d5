import {
  TOPIC_DELAY_FILTERS,
  TOPIC_PRIORITIES,
  TOPIC_STATUSES,
  type TopicDelayFilter,
  type TopicPriority,
  type TopicStatus,
  topicOptionLabel,
} from '@lintel/contracts/topics';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';
import { FilterSheet } from '../../../components/list/FilterSheet';
import { KeywordSearch } from '../../../components/list/KeywordSearch';
import { useDomains } from '../api';
import { KEYWORD_MAX_LENGTH, type TopicFilters } from '../filters';

/** Waits this long after the last key before the keyword filters the list. */
const KEYWORD_DEBOUNCE_MS = 400;

interface TopicFilterBarProps {
  projectId: string;
  filters: TopicFilters;
  onChange: (patch: Partial<TopicFilters>) => void;
  /** The list's total for these filters: the phone's sheet counts it live (see FilterSheet). */
  results?: number;
}

/** The filters above the list: delay bucket, discipline, priority, status and a keyword in the title. */
export function TopicFilterBar({ projectId, filters, onChange, results }: TopicFilterBarProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const domains = useDomains(projectId);
  const [typed, setTyped] = useState(filters.keyword);

  // The address may change the keyword (back, a cleared filter): the field follows it.
  useEffect(() => setTyped(filters.keyword), [filters.keyword]);
  useEffect(() => {
    if (typed.trim() === filters.keyword.trim()) return;
    const timer = setTimeout(() => onChange({ keyword: typed.trim() }), KEYWORD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, filters.keyword, onChange]);

  const active = [filters.delay, filters.domainId, filters.priority, filters.status].filter(Boolean).length;
  const clear = () => {
    setTyped('');
    onChange({ delay: null, domainId: null, priority: null, status: null, keyword: '' });
  };

  return (
    <FilterSheet
      className="topics__filters"
      testId="topics-filters"
      active={active}
      results={results}
      showClear={active > 0 || Boolean(filters.keyword.trim())}
      onClear={clear}
      clearLabel={t('topics:filter.clear')}
      clearTestId="topics-filter-clear"
      search={
        <KeywordSearch
          value={typed}
          onType={setTyped}
          onSearch={(keyword) => onChange({ keyword })}
          label={t('topics:filter.keyword')}
          maxLength={KEYWORD_MAX_LENGTH}
          className="topics__keyword"
          testId="topics-filter-keyword"
        />
      }
    >
      <Select<TopicDelayFilter>
        allowClear
        value={filters.delay ?? undefined}
        onChange={(delay) => onChange({ delay: delay ?? null })}
        options={TOPIC_DELAY_FILTERS.map((key) => ({
          value: key,
          label: topicOptionLabel('delayFilters', key, language),
        }))}
        placeholder={t('topics:filter.delay')}
        aria-label={t('topics:filter.delay')}
        className="topics__select"
        data-testid="topics-filter-delay"
      />
      <Select<string>
        allowClear
        value={filters.domainId ?? undefined}
        onChange={(domainId) => onChange({ domainId: domainId ?? null })}
        options={[...(domains.data ?? [])]
          .sort((a, b) => a.order - b.order)
          .map((d) => ({ value: d._id, label: language === 'en-US' && d.nameEn ? d.nameEn : d.name }))}
        loading={domains.isPending}
        placeholder={t('topics:field.domain')}
        aria-label={t('topics:field.domain')}
        className="topics__select"
        data-testid="topics-filter-domain"
      />
      <Select<TopicPriority>
        allowClear
        value={filters.priority ?? undefined}
        onChange={(priority) => onChange({ priority: priority ?? null })}
        options={TOPIC_PRIORITIES.map((key) => ({
          value: key,
          label: topicOptionLabel('priorities', key, language),
        }))}
        placeholder={t('topics:field.priority')}
        aria-label={t('topics:field.priority')}
        className="topics__select"
        data-testid="topics-filter-priority"
      />
      <Select<TopicStatus>
        allowClear
        value={filters.status ?? undefined}
        onChange={(status) => onChange({ status: status ?? null })}
        options={TOPIC_STATUSES.map((key) => ({
          value: key,
          label: topicOptionLabel('statuses', key, language),
        }))}
        placeholder={t('topics:field.status')}
        aria-label={t('topics:field.status')}
        className="topics__select"
        data-testid="topics-filter-status"
      />
    </FilterSheet>
  );
}
