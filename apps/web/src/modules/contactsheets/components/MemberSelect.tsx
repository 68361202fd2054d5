import { Select } from 'antd';
import { useMemo } from 'react';
import { useProjectMembers } from '../../announcements/api';
import { memberLabel } from '../../announcements/components/ReceiverPicker';

interface MemberSelectProps {
  projectId: string;
  /** People who cannot be chosen here: the user, and for the cc the receivers (they stay listed, greyed). */
  unavailable?: readonly string[];
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  placeholder: string;
  ariaLabel: string;
  testId: string;
  /** Marks the field invalid (antd's Form.Item sets it on its child). */
  status?: '' | 'error' | 'warning';
}

/** Members of the project by name, several at a time, searchable (receivers, cc, forward). */
export function MemberSelect({
  projectId,
  unavailable = [],
  id,
  value = [],
  onChange,
  placeholder,
  ariaLabel,
  testId,
  status,
}: MemberSelectProps) {
  const members = useProjectMembers(projectId);
  const options = useMemo(() => {
    const blocked = new Set(unavailable);
    const seen = new Set<string>();
    return (members.data ?? [])
      .filter((m) => m.scopeType === 'project' && !seen.has(m.userId) && seen.add(m.userId))
      .map((m) => ({ value: m.userId, label: memberLabel(m), disabled: blocked.has(m.userId) }));
  }, [members.data, unavailable]);

  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      showSearch
      optionFilterProp="label"
      value={value}
      onChange={(next: string[]) => onChange?.(next)}
      options={options}
      loading={members.isPending}
      placeholder={placeholder}
      aria-label={ariaLabel}
      status={status}
      data-testid={testId}
    />
  );
}
