import type { TopicUser } from '@lintel/contracts/topics';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectMembers } from '../../announcements/api';
import { memberLabel } from '../../announcements/components/ReceiverPicker';

interface MemberSelectProps {
  projectId: string;
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  placeholder: string;
  testId: string;
  /** People already chosen who may no longer be members (an edited topic's): shown by name. */
  known?: readonly TopicUser[];
  'aria-label'?: string;
}

/** Members of the project, several of them, searchable by nickname or account. */
export function MemberSelect({
  projectId,
  id,
  value,
  onChange,
  placeholder,
  testId,
  known = [],
  ...rest
}: MemberSelectProps) {
  const { t } = useTranslation();
  const members = useProjectMembers(projectId);
  const options = useMemo(() => {
    const seen = new Set<string>();
    const list = (members.data ?? []).flatMap((member) => {
      // Admins of enclosing scopes come in the list too; a person is offered once.
      if (member.scopeType !== 'project' || seen.has(member.userId)) return [];
      seen.add(member.userId);
      return [{ value: member.userId, label: memberLabel(member) }];
    });
    for (const user of known) {
      if (seen.has(user._id)) continue;
      seen.add(user._id);
      list.push({ value: user._id, label: user.nickName || user.name });
    }
    return list;
  }, [members.data, known]);
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
      status={members.isError ? 'error' : undefined}
      placeholder={members.isError ? t('topics:form.membersFailed') : placeholder}
      aria-label={rest['aria-label']}
      data-testid={testId}
    />
  );
}
