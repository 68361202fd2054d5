import '../locales';
import '../personnel.css';
import {
  DownloadOutlined,
  DownOutlined,
  PlusOutlined,
  SettingOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { PERSONNEL_STATUSES, type PersonnelStatus } from '@lintel/contracts/personnel';
import { App, Button, Space, Tabs, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useLanguage } from '../../../app/useLanguage';
import { DeferredDropdown } from '../../../components/DeferredDropdown';
import { ErrorState } from '../../../components/ErrorState';
import { liveResults } from '../../../components/list/liveResults';
import { MissingRight } from '../../../components/MissingRight';
import { downloadFile } from '../../../lib/download';
import { errorMessage } from '../../../lib/errors';
import { lazyComponent } from '../../../lib/lazyComponent';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { exportPath, filterQuery, usePersonnel, usePersonnelCounts, usePersonnelRight } from '../api';
import { PersonnelFilterBar } from '../components/PersonnelFilterBar';
import { PersonnelTable } from '../components/PersonnelTable';
import { isFiltered, type PersonnelFilters, readFilters, writeFilters } from '../filters';
import { newPersonPath, personnelSettingsPath } from '../paths';

// The import dialog (its preview table, the upload) loads when it is first opened.
const ImportDialog = lazyComponent(
  () => import('../components/ImportDialog').then((module) => module.ImportDialog),
  { when: (props) => props.open },
);

/** /projects/:projectId/personnel — the site's workforce, filtered by what the address says. */
export default function PersonnelPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        <Personnel />
      </WorkbenchLayout>
    </App>
  );
}

type StatusTab = PersonnelStatus | 'all';

function Personnel() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { projectId, isAdmin } = useCurrentProject();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const list = usePersonnel(projectId, filters);
  const counts = usePersonnelCounts(projectId, filters);
  const createRight = usePersonnelRight(projectId, 'create').data;
  const canCreate = createRight === true;
  const canExport = usePersonnelRight(projectId, 'export').data === true;
  // With viewSensitive the export may carry ID numbers and phones in full (audited on the server).
  const canExportFull = usePersonnelRight(projectId, 'viewSensitive').data === true;
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);

  const change = useCallback(
    (patch: Partial<PersonnelFilters>) => {
      setParams((current) => {
        // A new filter starts again at the first page.
        const paging = 'page' in patch || 'pageSize' in patch ? {} : { page: 1 };
        return writeFilters({ ...readFilters(current), ...paging, ...patch });
      });
    },
    [setParams],
  );

  const exportList = async (full: boolean) => {
    setExporting(true);
    try {
      await downloadFile(
        exportPath(projectId),
        { ...filterQuery(filters), export: true, ...(full ? { full: true } : {}), lang: language },
        t('personnel:list.exportName'),
      );
    } catch (error) {
      void message.error(errorMessage(error, t));
    } finally {
      setExporting(false);
    }
  };

  const tabLabel = (key: StatusTab) => (
    <span data-testid={`personnel-tab-${key}`}>
      {t(`personnel:status.${key}`)}
      {counts.data ? <span className="personnel__count">{counts.data[key]}</span> : null}
    </span>
  );

  return (
    <div className="personnel" data-testid="personnel-page">
      <div className="personnel__head">
        <Typography.Title level={3} className="personnel__title">
          {t('personnel:title')}
        </Typography.Title>
        <Space wrap>
          {isAdmin ? (
            <Button
              icon={<SettingOutlined />}
              onClick={() => void navigate(personnelSettingsPath(projectId))}
              data-testid="personnel-settings"
            >
              {t('personnel:action.settings')}
            </Button>
          ) : null}
          {canExport && canExportFull ? (
            // The menu's code (antd's Dropdown and Menu: ~25 KB gzip) loads on the first hover, focus or click.
            <DeferredDropdown
              placement="bottomLeft"
              menu={{
                items: [
                  { key: 'masked', label: t('personnel:action.exportMasked') },
                  { key: 'full', label: t('personnel:action.exportFull') },
                ],
                onClick: ({ key }) => void exportList(key === 'full'),
              }}
            >
              <Button icon={<DownloadOutlined />} loading={exporting} data-testid="personnel-export">
                {t('personnel:action.export')} <DownOutlined />
              </Button>
            </DeferredDropdown>
          ) : canExport ? (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => void exportList(false)}
              data-testid="personnel-export"
            >
              {t('personnel:action.export')}
            </Button>
          ) : null}
          {canCreate ? (
            <Button
              icon={<UploadOutlined />}
              onClick={() => setImporting(true)}
              data-testid="personnel-import"
            >
              {t('personnel:action.import')}
            </Button>
          ) : null}
          <MissingRight
            projectId={projectId}
            module="personnel"
            permission="create"
            allowed={createRight}
            testId="personnel-create-missing"
          >
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(newPersonPath(projectId))}
              data-testid="personnel-create"
            >
              {t('personnel:action.create')}
            </Button>
          </MissingRight>
        </Space>
      </div>
      <Tabs
        activeKey={filters.status ?? 'all'}
        onChange={(key) => change({ status: key === 'all' ? null : (key as PersonnelStatus) })}
        items={(['all', ...PERSONNEL_STATUSES] as StatusTab[]).map((key) => ({ key, label: tabLabel(key) }))}
      />
      <PersonnelFilterBar
        projectId={projectId}
        filters={filters}
        onChange={change}
        results={liveResults(list, list.data?.total)}
      />
      {list.isError && !list.data ? (
        <ErrorState
          title={t('personnel:list.error')}
          description={errorMessage(list.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void list.refetch()}
          busy={list.isFetching}
          testId="personnel-error"
        />
      ) : (
        <PersonnelTable
          projectId={projectId}
          rows={list.data?.rows ?? []}
          total={list.data?.total ?? 0}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          filters={filters}
          filtered={isFiltered(filters)}
          onChange={change}
        />
      )}
      {canCreate ? (
        <ImportDialog projectId={projectId} open={importing} onClose={() => setImporting(false)} />
      ) : null}
    </div>
  );
}
