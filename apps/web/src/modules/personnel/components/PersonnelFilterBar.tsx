import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSheet } from '../../../components/list/FilterSheet';
import { KeywordSearch } from '../../../components/list/KeywordSearch';
import { isFiltered, KEYWORD_MAX_LENGTH, type PersonnelFilters } from '../filters';
import { useSettings } from '../settingsApi';
import { UnitTreeSelect } from './UnitTreeSelect';

/** Waits this long after the last key before the keyword filters the list. */
const KEYWORD_DEBOUNCE_MS = 400;

interface PersonnelFilterBarProps {
  projectId: string;
  filters: PersonnelFilters;
  onChange: (patch: Partial<PersonnelFilters>) => void;
  /** The list's total for these filters: the phone's sheet counts it live (see FilterSheet). */
  results?: number;
}

/** The filters above the list: unit (with its sub-units), craft and a keyword. The status is the tabs. */
export function PersonnelFilterBar({ projectId, filters, onChange, results }: PersonnelFilterBarProps) {
  const { t } = useTranslation();
  const crafts = useSettings(projectId, 'crafts');
  const [typed, setTyped] = useState(filters.keyword);

  // The address may change the keyword (back, a cleared filter): the field follows it.
  useEffect(() => setTyped(filters.keyword), [filters.keyword]);
  useEffect(() => {
    if (typed.trim() === filters.keyword.trim()) return;
    const timer = setTimeout(() => onChange({ keyword: typed.trim() }), KEYWORD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, filters.keyword, onChange]);

  const active = (filters.unitId ? 1 : 0) + (filters.craftId ? 1 : 0);
  return (
    <FilterSheet
      className="personnel__filters"
      testId="personnel-filters"
      active={active}
      results={results}
      showClear={isFiltered({ ...filters, status: null })}
      onClear={() => {
        setTyped('');
        onChange({ unitId: null, craftId: null, keyword: '' });
      }}
      clearLabel={t('personnel:list.clear')}
      clearTestId="personnel-filter-clear"
      search={
        <KeywordSearch
          value={typed}
          onType={setTyped}
          onSearch={(keyword) => onChange({ keyword })}
          label={t('personnel:list.keyword')}
          maxLength={KEYWORD_MAX_LENGTH}
          className="personnel__keyword"
          testId="personnel-filter-keyword"
        />
      }
    >
      <UnitTreeSelect
        projectId={projectId}
        allowClear
        value={filters.unitId}
        onChange={(unitId) => onChange({ unitId })}
        placeholder={t('personnel:list.unitPlaceholder')}
        aria-label={t('personnel:field.unit')}
        className="personnel__select"
        data-testid="personnel-filter-unit"
      />
      <Select<string>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={filters.craftId ?? undefined}
        onChange={(craftId) => onChange({ craftId: craftId ?? null })}
        options={(crafts.data ?? []).map((craft) => ({ value: craft._id, label: craft.name }))}
        loading={crafts.isPending}
        placeholder={t('personnel:list.craftPlaceholder')}
        aria-label={t('personnel:field.craft')}
        className="personnel__select"
        data-testid="personnel-filter-craft"
      />
    </FilterSheet>
  );
}
