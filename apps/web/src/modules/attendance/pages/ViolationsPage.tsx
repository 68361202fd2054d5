import '../locales';
import '../attendance.css';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { ViolationRecord } from '@lintel/contracts/personnel';
import { App, Button, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';
import { ErrorState } from '../../../components/ErrorState';
import { liveResults } from '../../../components/list/liveResults';
// The one export downloader of the app so far lives with the problems module.
import { downloadFile } from '../../../lib/download';
import { errorMessage } from '../../../lib/errors';
import { lazyComponent } from '../../../lib/lazyComponent';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import {
  useDeleteViolation,
  usePersonnelRight,
  useViolations,
  type ViolationFilters,
  violationQuery,
  violationStatisticsPath,
  violationsListPath,
} from '../api';
import { ViolationFilterBar } from '../components/ViolationFilterBar';
import { ViolationTable } from '../components/ViolationTable';

// The statistics tab (echarts) loads when it is first opened; the record form when one is first edited.
const ViolationStatisticsTab = lazyComponent(() =>
  import('../components/ViolationCharts').then((module) => module.ViolationStatisticsTab),
);
const ViolationDialog = lazyComponent(() =>
  import('../components/ViolationDialog').then((module) => module.ViolationDialog),
);

/** /projects/:projectId/violations — the project's violation records and their statistics. */
export default function ViolationsPage() {
  return (
    <App component={false}>
      <WorkbenchLayout>
        <Violations />
      </WorkbenchLayout>
    </App>
  );
}

type Tab = 'records' | 'statistics';

function Violations() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { message } = App.useApp();
  const { projectId } = useCurrentProject();
  const [tab, setTab] = useState<Tab>('records');
  const [filters, setFilters] = useState<ViolationFilters>({ page: 1, pageSize: 20 });
  // undefined: no dialog; null: a new record.
  const [editing, setEditing] = useState<ViolationRecord | null | undefined>(undefined);
  const list = useViolations(projectId, filters);
  const remove = useDeleteViolation(projectId);
  const canCreate = usePersonnelRight(projectId, 'create').data === true;
  const canUpdate = usePersonnelRight(projectId, 'edit').data === true;
  const canDelete = usePersonnelRight(projectId, 'delete').data === true;
  const canExport = usePersonnelRight(projectId, 'export').data === true;
  const [exporting, setExporting] = useState(false);

  const change = (patch: Partial<ViolationFilters>) =>
    setFilters((current) => ({ ...current, page: 1, ...patch }));
  const filtered = Boolean(
    filters.typeId || filters.itemId || filters.personId || filters.unitId || filters.from || filters.to,
  );

  const exportIt = async () => {
    setExporting(true);
    try {
      if (tab === 'records') {
        await downloadFile(
          violationsListPath(projectId),
          { ...violationQuery(filters), export: true, lang: language },
          t('attendance:violations.exportName'),
        );
      } else {
        await downloadFile(
          violationStatisticsPath(projectId),
          { from: filters.from, to: filters.to, export: true, lang: language },
          t('attendance:violations.statisticsExportName'),
        );
      }
    } catch (error) {
      void message.error(errorMessage(error, t));
    } finally {
      setExporting(false);
    }
  };

  const deleteRecord = async (record: ViolationRecord) => {
    try {
      await remove.mutateAsync(record._id);
      void message.success(t('attendance:violations.deleted'));
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };

  const records =
    list.isError && !list.data ? (
      <ErrorState
        title={t('attendance:violations.error')}
        description={errorMessage(list.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void list.refetch()}
        busy={list.isFetching}
        testId="violations-error"
      />
    ) : (
      <ViolationTable
        rows={list.data?.rows ?? []}
        total={list.data?.total ?? 0}
        page={filters.page}
        pageSize={filters.pageSize}
        loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
        filtered={filtered}
        onEdit={canUpdate ? setEditing : undefined}
        onDelete={canDelete ? deleteRecord : undefined}
        onPage={(page, pageSize) => setFilters((current) => ({ ...current, page, pageSize }))}
      />
    );
  return (
    <div className="attendance" data-testid="violations-page">
      <div className="attendance__head">
        <Typography.Title level={3} className="attendance__title">
          {t('attendance:violations.title')}
        </Typography.Title>
        <Space wrap>
          {canExport ? (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => void exportIt()}
              data-testid="violations-export"
            >
              {t('attendance:violations.export')}
            </Button>
          ) : null}
          {canCreate ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing(null)}
              data-testid="violation-create"
            >
              {t('attendance:violations.create')}
            </Button>
          ) : null}
        </Space>
      </div>
      <ViolationFilterBar
        projectId={projectId}
        filters={filters}
        onChange={change}
        results={liveResults(list, list.data?.total)}
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          { key: 'records', label: t('attendance:violations.records'), children: records },
          {
            key: 'statistics',
            label: t('attendance:violations.statistics'),
            children: <ViolationStatisticsTab projectId={projectId} from={filters.from} to={filters.to} />,
          },
        ]}
      />
      {editing !== undefined ? (
        <ViolationDialog projectId={projectId} editing={editing} onClose={() => setEditing(undefined)} />
      ) : null}
    </div>
  );
}
