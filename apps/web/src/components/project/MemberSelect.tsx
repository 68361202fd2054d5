import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { memberLabel } from '../../lib/people';
import './locales';
import { useProjectMembers } from './members';

/** A person already chosen who may no longer be a member (an edited record's): shown by name. */
export interface KnownPerson {
  _id: string;
  name: string;
  nickName: string;
}

interface MemberSelectProps {
  projectId: string;
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  placeholder: string;
  ariaLabel?: string;
  testId: string;
  /** People chosen before who may have left the project: still listed, by name. */
  known?: readonly KnownPerson[];
  /** People who cannot be chosen here (the user; for a cc, the receivers): listed, greyed. */
  unavailable?: readonly string[];
  /** Marks the field invalid (antd's Form.Item sets it on its child). */
  status?: '' | 'error' | 'warning';
}

/** Members of the project, several of them, searchable by nickname or account. */
export function MemberSelect({
  projectId,
  id,
  value,
  onChange,
  placeholder,
  ariaLabel,
  testId,
  known = [],
  unavailable = [],
  status,
}: MemberSelectProps) {
  const { t } = useTranslation();
  const members = useProjectMembers(projectId);
  const options = useMemo(() => {
    const blocked = new Set(unavailable);
    const seen = new Set<string>();
    const list = (members.data ?? []).flatMap((member) => {
      // Admins of enclosing scopes come in the list too; a person is offered once.
      if (member.scopeType !== 'project' || seen.has(member.userId)) return [];
      seen.add(member.userId);
      return [{ value: member.userId, label: memberLabel(member), disabled: blocked.has(member.userId) }];
    });
    for (const user of known) {
      if (seen.has(user._id)) continue;
      seen.add(user._id);
      list.push({ value: user._id, label: user.nickName || user.name, disabled: blocked.has(user._id) });
    }
    return list;
  }, [members.data, known, unavailable]);
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      showSearch
      optionFilterProp="label"
      value={value ?? []}
      onChange={(next: string[]) => onChange?.(next)}
      options={options}
      loading={members.isPending}
      status={members.isError ? 'error' : status}
      placeholder={members.isError ? t('projectCommon:members.loadFailed') : placeholder}
      aria-label={ariaLabel}
      data-testid={testId}
    />
  );
}
