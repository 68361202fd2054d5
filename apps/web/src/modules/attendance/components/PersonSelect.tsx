import type { PersonnelRef } from '@lintel/contracts/personnel';
import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { usePeopleSearch } from '../api';

interface PersonSelectProps {
  projectId: string;
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** The person already chosen (an edited record's), named even when the search does not bring them. */
  known?: PersonnelRef | null;
  placeholder: string;
  testId: string;
  status?: '' | 'error' | 'warning';
}

const TYPING_PAUSE_MS = 300;

/** One person of the project's workforce, searched on the server by name, ID number tail or phone. */
export function PersonSelect({
  projectId,
  id,
  value,
  onChange,
  known,
  placeholder,
  testId,
  status,
}: PersonSelectProps) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const people = usePeopleSearch(projectId, keyword);
  const options = useMemo(() => {
    const list = (people.data ?? []).map((person) => ({ value: person._id, label: person.name }));
    if (known && !list.some((option) => option.value === known._id))
      list.unshift({ value: known._id, label: known.name });
    return list;
  }, [people.data, known]);
  return (
    <Select
      id={id}
      className="attendance__select"
      allowClear
      showSearch
      filterOption={false}
      onSearch={setTyped}
      value={value}
      onChange={(next?: string) => onChange?.(next || undefined)}
      options={options}
      loading={people.isFetching}
      placeholder={placeholder}
      aria-label={placeholder}
      status={status}
      data-testid={testId}
    />
  );
}
