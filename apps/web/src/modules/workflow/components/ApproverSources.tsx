import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ApproverSource } from '@lintel/contracts/workflow';
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../lib/people';
import type { Directory } from './summaries';

type Kind = ApproverSource['kind'];
const KINDS: Kind[] = ['members', 'department', 'template', 'initiatorPicks'];

function emptySource(kind: Kind): ApproverSource {
  switch (kind) {
    case 'members':
      return { kind, userIds: [] };
    case 'department':
      return { kind, departmentId: '' };
    case 'template':
      return { kind, templateId: '' };
    default:
      return { kind: 'initiatorPicks' };
  }
}

/** A source still being filled in (no one chosen) is kept in the editor but not in the graph. */
export function completeSources(sources: readonly ApproverSource[]): ApproverSource[] {
  return sources.filter((source) => {
    if (source.kind === 'members') return source.userIds.length > 0;
    if (source.kind === 'department') return source.departmentId !== '';
    if (source.kind === 'template') return source.templateId !== '';
    return true;
  });
}

interface Props {
  value: ApproverSource[];
  onChange: (next: ApproverSource[]) => void;
  directory: Directory;
  label: string;
  testId: string;
}

/** Approvers or cc persons: named members, a department, a permission template, or the initiator picks. */
export function ApproverSources({ value, onChange, directory, label, testId }: Props) {
  const { t } = useTranslation();
  const set = (index: number, source: ApproverSource) =>
    onChange(value.map((current, at) => (at === index ? source : current)));
  return (
    <div className="wf-sources" data-testid={testId}>
      {value.map((source, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; order is the identity
        <div className="wf-sources__row" key={index}>
          <Select<Kind>
            className="wf-sources__kind"
            aria-label={`${label} ${index + 1}: ${t('workflow:approver.kind')}`}
            value={source.kind}
            onChange={(kind) => set(index, emptySource(kind))}
            options={KINDS.map((kind) => ({ value: kind, label: t(`workflow:approver.${kind}`) }))}
            data-testid={`${testId}-kind-${index}`}
          />
          {source.kind === 'members' ? (
            <Select<string[]>
              mode="multiple"
              className="wf-sources__value"
              aria-label={t('workflow:approver.pickMembers')}
              placeholder={t('workflow:approver.pickMembers')}
              value={source.userIds}
              optionFilterProp="label"
              onChange={(userIds) => set(index, { kind: 'members', userIds })}
              options={directory.members.map((member) => ({
                value: member.userId,
                label: displayName(member.user) ?? member.userId,
              }))}
              data-testid={`${testId}-members-${index}`}
            />
          ) : null}
          {source.kind === 'department' ? (
            <Select<string>
              className="wf-sources__value"
              aria-label={t('workflow:approver.pickDepartment')}
              placeholder={t('workflow:approver.pickDepartment')}
              value={source.departmentId || undefined}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(departmentId) => set(index, { kind: 'department', departmentId })}
              options={directory.departments.map((department) => ({
                value: department._id,
                label: department.name,
              }))}
              data-testid={`${testId}-department-${index}`}
            />
          ) : null}
          {source.kind === 'template' ? (
            <Select<string>
              className="wf-sources__value"
              aria-label={t('workflow:approver.pickTemplate')}
              placeholder={t('workflow:approver.pickTemplate')}
              value={source.templateId || undefined}
              onChange={(templateId) => set(index, { kind: 'template', templateId })}
              options={directory.templates.map((template) => ({ value: template._id, label: template.name }))}
              data-testid={`${testId}-template-${index}`}
            />
          ) : null}
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('workflow:approver.remove')}
            onClick={() => onChange(value.filter((_, at) => at !== index))}
            data-testid={`${testId}-remove-${index}`}
          />
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => onChange([...value, emptySource('members')])}
        data-testid={`${testId}-add`}
      >
        {t('workflow:approver.add')}
      </Button>
    </div>
  );
}
