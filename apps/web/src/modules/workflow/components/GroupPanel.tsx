import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { WorkflowGroup } from '@lintel/contracts/workflow';
import { Button, Dropdown, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../lib/useIsPhone';
import type { GroupFilter } from '../api';
import { groupOptions, groupTree } from './groupTree';

export type GroupAction = 'addSub' | 'rename' | 'delete';

interface GroupPanelProps {
  groups: WorkflowGroup[];
  selected: GroupFilter;
  onSelect: (filter: GroupFilter) => void;
  onAdd: () => void;
  onAction: (group: WorkflowGroup, action: GroupAction) => void;
}

/**
 * The groups (two levels) as a filter of the template list, with their actions. On a phone a select above
 * the list takes the place of the column; the actions stay on the list of the chosen group's row.
 */
export function GroupPanel({ groups, selected, onSelect, onAdd, onAction }: GroupPanelProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const tree = groupTree(groups);

  const actions = (group: WorkflowGroup) => (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          ...(group.parentId === null ? [{ key: 'addSub', label: t('workflow:groups.addSub') }] : []),
          { key: 'rename', label: t('workflow:groups.rename') },
          { key: 'delete', label: t('workflow:groups.delete'), danger: true },
        ],
        onClick: ({ key }) => onAction(group, key as GroupAction),
      }}
    >
      <Button
        type="text"
        size="small"
        icon={<MoreOutlined />}
        aria-label={t('workflow:groups.more', { name: group.name })}
        data-testid={`group-actions-${group._id}`}
      />
    </Dropdown>
  );

  if (isPhone) {
    const chosen = groups.find((group) => group._id === selected);
    return (
      <div className="workflow-groups workflow-groups--phone">
        <Select<string>
          className="workflow-groups__select"
          aria-label={t('workflow:groups.title')}
          value={selected}
          onChange={onSelect}
          options={[
            { value: 'all', label: t('workflow:groups.all') },
            { value: 'none', label: t('workflow:groups.none') },
            ...groupOptions(groups),
          ]}
          data-testid="group-select"
        />
        {chosen ? actions(chosen) : null}
        <Button icon={<PlusOutlined />} onClick={onAdd} aria-label={t('workflow:groups.add')} />
      </div>
    );
  }

  const row = (filter: GroupFilter, label: string, group?: WorkflowGroup, child = false) => (
    <li
      key={filter}
      className={[
        'workflow-groups__row',
        child ? 'workflow-groups__row--child' : '',
        selected === filter ? 'workflow-groups__row--selected' : '',
      ].join(' ')}
    >
      <button
        type="button"
        className="workflow-groups__name"
        aria-pressed={selected === filter}
        onClick={() => onSelect(filter)}
        data-testid={`group-${filter}`}
      >
        {label}
        {group ? <span className="workflow-groups__count">{group.templateCount}</span> : null}
      </button>
      {group ? actions(group) : null}
    </li>
  );

  return (
    <nav className="workflow-groups" aria-label={t('workflow:groups.title')}>
      <div className="workflow-groups__head">
        <span>{t('workflow:groups.title')}</span>
        <Button size="small" icon={<PlusOutlined />} onClick={onAdd} data-testid="group-add">
          {t('workflow:groups.add')}
        </Button>
      </div>
      <ul className="workflow-groups__list">
        {row('all', t('workflow:groups.all'))}
        {row('none', t('workflow:groups.none'))}
        {tree.flatMap(({ group, children }) => [
          row(group._id, group.name, group),
          ...children.map((child) => row(child._id, child.name, child, true)),
        ])}
      </ul>
    </nav>
  );
}
