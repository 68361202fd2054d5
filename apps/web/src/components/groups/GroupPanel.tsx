import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../lib/useIsPhone';
import './groups.css';
import { type GroupFilter, groupOptions, groupTree, type TemplateGroup } from './groupTree';

export type GroupAction = 'addSub' | 'rename' | 'delete';

interface GroupPanelProps<G extends TemplateGroup> {
  /** The i18n namespace holding the `groups.*` texts (workflow, forms). */
  ns: string;
  groups: G[];
  selected: GroupFilter;
  onSelect: (filter: GroupFilter) => void;
  onAdd: () => void;
  onAction: (group: G, action: GroupAction) => void;
}

/**
 * The groups (two levels) as a filter of a template list (workflow and form templates), with their actions. On a phone a select above
 * the list takes the place of the column; the actions stay on the list of the chosen group's row.
 */
export function GroupPanel<G extends TemplateGroup>({
  ns,
  groups,
  selected,
  onSelect,
  onAdd,
  onAction,
}: GroupPanelProps<G>) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const tree = groupTree(groups);

  const actions = (group: G) => (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          ...(group.parentId === null ? [{ key: 'addSub', label: t(`${ns}:groups.addSub`) }] : []),
          { key: 'rename', label: t(`${ns}:groups.rename`) },
          { key: 'delete', label: t(`${ns}:groups.delete`), danger: true },
        ],
        onClick: ({ key }) => onAction(group, key as GroupAction),
      }}
    >
      <Button
        type="text"
        size="small"
        icon={<MoreOutlined />}
        aria-label={t(`${ns}:groups.more`, { name: group.name })}
        data-testid={`group-actions-${group._id}`}
      />
    </Dropdown>
  );

  if (isPhone) {
    const chosen = groups.find((group) => group._id === selected);
    return (
      <div className="group-panel group-panel--phone">
        <Select<string>
          className="group-panel__select"
          aria-label={t(`${ns}:groups.title`)}
          value={selected}
          onChange={onSelect}
          options={[
            { value: 'all', label: t(`${ns}:groups.all`) },
            { value: 'none', label: t(`${ns}:groups.none`) },
            ...groupOptions(groups),
          ]}
          data-testid="group-select"
        />
        {chosen ? actions(chosen) : null}
        <Button icon={<PlusOutlined />} onClick={onAdd} aria-label={t(`${ns}:groups.add`)} />
      </div>
    );
  }

  const row = (filter: GroupFilter, label: string, group?: G, child = false) => (
    <li
      key={filter}
      className={[
        'group-panel__row',
        child ? 'group-panel__row--child' : '',
        selected === filter ? 'group-panel__row--selected' : '',
      ].join(' ')}
    >
      <button
        type="button"
        className="group-panel__name"
        aria-pressed={selected === filter}
        onClick={() => onSelect(filter)}
        data-testid={`group-${filter}`}
      >
        {label}
        {group ? <span className="group-panel__count">{group.templateCount}</span> : null}
      </button>
      {group ? actions(group) : null}
    </li>
  );

  return (
    <nav className="group-panel" aria-label={t(`${ns}:groups.title`)}>
      <div className="group-panel__head">
        <span>{t(`${ns}:groups.title`)}</span>
        <Button size="small" icon={<PlusOutlined />} onClick={onAdd} data-testid="group-add">
          {t(`${ns}:groups.add`)}
        </Button>
      </div>
      <ul className="group-panel__list">
        {row('all', t(`${ns}:groups.all`))}
        {row('none', t(`${ns}:groups.none`))}
        {tree.flatMap(({ group, children }) => [
          row(group._id, group.name, group),
          ...children.map((child) => row(child._id, child.name, child, true)),
        ])}
      </ul>
    </nav>
  );
}
