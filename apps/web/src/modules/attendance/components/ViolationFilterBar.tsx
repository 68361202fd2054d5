import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyRangePicker } from '../../../components/LazyDatePicker';
import { FilterSheet } from '../../../components/list/FilterSheet';
import { useViolationItems, useViolationTypes, type ViolationFilters } from '../api';
import { dayText, pickerValue } from '../time';
import { PersonSelect } from './PersonSelect';
import { UnitSelect } from './SettingSelects';

/** Type, item (of the type), person, unit and a date range; each change goes back to the first page. */
export function ViolationFilterBar({
  projectId,
  filters,
  onChange,
  results,
}: {
  projectId: string;
  filters: ViolationFilters;
  onChange: (patch: Partial<ViolationFilters>) => void;
  /** The list's total for these filters: the phone's sheet counts it live (see FilterSheet). */
  results?: number;
}) {
  const { t } = useTranslation();
  const types = useViolationTypes(projectId);
  const items = useViolationItems(projectId);
  const itemOptions = useMemo(
    () =>
      (items.data ?? [])
        .filter((item) => !filters.typeId || item.typeId === filters.typeId)
        .map((item) => ({ value: item._id, label: item.name })),
    [items.data, filters.typeId],
  );
  const active = [filters.typeId, filters.itemId, filters.personId, filters.unitId, filters.from].filter(
    Boolean,
  ).length;
  return (
    <FilterSheet
      className="attendance__filters"
      testId="violations-filters"
      active={active}
      results={results}
      showClear={false}
      onClear={() =>
        onChange({
          typeId: undefined,
          itemId: undefined,
          personId: undefined,
          unitId: undefined,
          from: undefined,
          to: undefined,
        })
      }
    >
      <Select
        className="attendance__select"
        allowClear
        value={filters.typeId}
        // An item belongs to one type: another type empties the item filter.
        onChange={(typeId?: string) => onChange({ typeId: typeId || undefined, itemId: undefined })}
        options={(types.data ?? []).map((type) => ({ value: type._id, label: type.name }))}
        placeholder={t('attendance:violations.type')}
        aria-label={t('attendance:violations.type')}
        data-testid="violations-filter-type"
      />
      <Select
        className="attendance__select"
        allowClear
        value={filters.itemId}
        onChange={(itemId?: string) => onChange({ itemId: itemId || undefined })}
        options={itemOptions}
        placeholder={t('attendance:violations.item')}
        aria-label={t('attendance:violations.item')}
        data-testid="violations-filter-item"
      />
      <PersonSelect
        projectId={projectId}
        value={filters.personId}
        onChange={(personId) => onChange({ personId })}
        placeholder={t('attendance:violations.person')}
        testId="violations-filter-person"
      />
      <UnitSelect
        projectId={projectId}
        value={filters.unitId}
        onChange={(unitId) => onChange({ unitId })}
        placeholder={t('attendance:filter.unit')}
        testId="violations-filter-unit"
      />
      <LazyRangePicker
        value={filters.from && filters.to ? [pickerValue(filters.from), pickerValue(filters.to)] : null}
        onChange={(range) =>
          onChange({
            from: range?.[0] ? dayText(range[0]) : undefined,
            to: range?.[1] ? dayText(range[1]) : undefined,
          })
        }
        aria-label={t('attendance:violations.range')}
        data-testid="violations-filter-range"
      />
    </FilterSheet>
  );
}
