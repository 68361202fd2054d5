import type { MemberView } from '@lintel/contracts/org';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

interface AdminsFieldProps {
  members: readonly MemberView[];
  loading: boolean;
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
}

/** The project's administrators: members of the project (`admins: [userId…]` on PUT projects/{id}). */
export function AdminsField({ members, loading, id, value, onChange }: AdminsFieldProps) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      loading={loading}
      optionFilterProp="label"
      placeholder={t('projectSettings:basic.adminsPlaceholder')}
      options={members
        .filter((m) => m.scopeType === 'project')
        .map((m) => ({
          value: m.userId,
          label: `${m.user?.nickName || m.user?.name || m.userId}（${m.user?.name ?? ''}）`,
        }))}
      data-testid="basic-admins"
    />
  );
}
