import type { Person } from '@lintel/contracts/personnel';
import { Empty } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { PAGE_SIZES, type PersonnelFilters } from '../filters';
import { personPath } from '../paths';
import { AgeWarningTag } from './AgeWarningTag';
import { PersonAvatar } from './PersonAvatar';
import { PersonStatusTag } from './PersonStatusTag';

interface PersonnelTableProps {
  projectId: string;
  rows: Person[];
  total: number;
  loading: boolean;
  filters: PersonnelFilters;
  /** Some filter narrows the list (the empty state says so). */
  filtered: boolean;
  onChange: (patch: Partial<PersonnelFilters>) => void;
}

/**
 * One page of people: name with avatar, sex, age (with a warning under 18 or over 60), unit, craft, team,
 * phone (masked by the server), entry date and status.
 */
export function PersonnelTable({
  projectId,
  rows,
  total,
  loading,
  filters,
  filtered,
  onChange,
}: PersonnelTableProps) {
  const { t } = useTranslation();
  const none = t('personnel:detail.none');
  const columns: ResponsiveColumn<Person>[] = [
    {
      key: 'name',
      title: t('personnel:field.name'),
      phone: 'title',
      render: (_, row) => (
        <Link to={personPath(projectId, row._id)} className="personnel__name">
          <PersonAvatar url={row.avatarUrl} />
          <span data-testid={`person-name-${row._id}`}>{row.name}</span>
        </Link>
      ),
    },
    {
      key: 'sex',
      title: t('personnel:field.sex'),
      width: 70,
      render: (_, row) => t(`personnel:sex.${row.sex}`),
    },
    {
      key: 'age',
      title: t('personnel:field.age'),
      width: 110,
      render: (_, row) => (
        <span className="personnel__age">
          {row.age}
          <AgeWarningTag age={row.age} testId={`person-age-warning-${row._id}`} />
        </span>
      ),
    },
    { key: 'unit', title: t('personnel:field.unit'), render: (_, row) => row.unit?.name ?? none },
    { key: 'craft', title: t('personnel:field.craft'), render: (_, row) => row.craft?.name ?? none },
    { key: 'team', title: t('personnel:field.team'), render: (_, row) => row.team || none },
    { key: 'phone', title: t('personnel:field.phone'), render: (_, row) => row.phone || none },
    { key: 'entryDate', title: t('personnel:field.entryDate'), width: 120, dataIndex: 'entryDate' },
    {
      key: 'status',
      title: t('personnel:field.status'),
      phone: 'status',
      width: 100,
      render: (_, row) => <PersonStatusTag status={row.status} />,
    },
  ];

  return (
    <ResponsiveTable<Person>
      rowKey="_id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 1000 }}
      aria-label={t('personnel:title')}
      onRow={(row) => ({ 'data-testid': `person-row-${row._id}` }) as HTMLAttributes<HTMLElement>}
      onChange={(pagination) => {
        const pageSize = pagination.pageSize ?? filters.pageSize;
        onChange({ page: pageSize !== filters.pageSize ? 1 : (pagination.current ?? 1), pageSize });
      }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={filtered ? t('personnel:list.emptyFiltered') : t('personnel:list.empty')}
            data-testid="personnel-empty"
          />
        ),
      }}
      pagination={{
        current: filters.page,
        pageSize: filters.pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (count) => t('personnel:list.total', { count }),
      }}
      data-testid="personnel-table"
    />
  );
}
