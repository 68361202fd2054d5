import { CONTACT_SHEET_TYPES, type ContactSheetType } from '@lintel/contracts/contactsheets';
import { Input, Select, Switch } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSheet } from '../../../components/list/FilterSheet';
import type { SheetFilter } from '../api';

interface SheetFiltersProps {
  filter: SheetFilter;
  onChange: (patch: Partial<SheetFilter>) => void;
  /** The box's total for these filters: the phone's sheet counts it live (see FilterSheet). */
  results?: number;
}

/** The kind, "unread only" and a keyword (title or number), over the box on screen. */
export function SheetFilters({ filter, onChange, results }: SheetFiltersProps) {
  const { t } = useTranslation();
  const unreadId = useId();
  // The keyword applies on Enter or the search button, not at every key stroke.
  const [keyword, setKeyword] = useState(filter.keyword);
  useEffect(() => setKeyword(filter.keyword), [filter.keyword]);

  const active = (filter.type ? 1 : 0) + (filter.unreadOnly ? 1 : 0);
  return (
    <FilterSheet
      className="sheet-filters"
      testId="sheet-filters"
      active={active}
      results={results}
      showClear={false}
      onClear={() => {
        setKeyword('');
        onChange({ type: null, unreadOnly: false, keyword: '' });
      }}
      search={
        <Input.Search
          allowClear
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(value) => onChange({ keyword: value.trim() })}
          placeholder={t('contactsheets:filter.keywordPlaceholder')}
          aria-label={t('contactsheets:filter.keyword')}
          maxLength={64}
          className="sheet-filters__keyword"
          data-testid="sheet-filter-keyword"
        />
      }
    >
      <Select<ContactSheetType | 'any'>
        value={filter.type ?? 'any'}
        onChange={(value) => onChange({ type: value === 'any' ? null : value })}
        options={[
          { value: 'any', label: t('contactsheets:filter.anyType') },
          ...CONTACT_SHEET_TYPES.map((type) => ({ value: type, label: t(`contactsheets:type.${type}`) })),
        ]}
        aria-label={t('contactsheets:filter.type')}
        className="sheet-filters__type"
        data-testid="sheet-filter-type"
      />
      <span className="sheet-filters__unread">
        <Switch
          id={unreadId}
          checked={filter.unreadOnly}
          onChange={(unreadOnly) => onChange({ unreadOnly })}
          data-testid="sheet-filter-unread"
        />
        <label htmlFor={unreadId}>{t('contactsheets:filter.unreadOnly')}</label>
      </span>
    </FilterSheet>
  );
}
