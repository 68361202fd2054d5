import './system.css';
import { DownloadOutlined } from '@ant-design/icons';
import { AUDIT_ACTIONS, type AuditAction, auditActionGroup } from '@lintel/contracts/system';
import { Alert, message as antMessage, Button, DatePicker, Empty, Input, Select, Space, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../lib/download';
import { errorMessage } from '../../../lib/errors';
import {
  type AuditFilter,
  auditQuery,
  emptyAuditFilter,
  useAuditEntries,
  useAuditProjects,
} from '../auditApi';
import { AuditEntryCard, actionLabel } from './AuditEntryCard';

const GROUPS = [...new Set(AUDIT_ACTIONS.map(auditActionGroup))];

/**
 * The audit log (issue 17): who did what, when, from where. Search by actor and text, filter by action,
 * dates and project, newest first with "load more" (cursor paging), export as .xlsx or CSV. Cards, not a
 * table: nothing scrolls sideways on a phone.
 */
export function AuditTab() {
  const { t, i18n } = useTranslation();
  const [message, messageHolder] = antMessage.useMessage();
  const [filter, setFilter] = useState<AuditFilter>(emptyAuditFilter);
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);
  const entries = useAuditEntries(filter);
  const projects = useAuditProjects();
  const rows = useMemo(() => entries.data?.pages.flatMap((page) => page.rows) ?? [], [entries.data]);
  const change = (patch: Partial<AuditFilter>) => setFilter((current) => ({ ...current, ...patch }));

  const actionOptions = GROUPS.map((group) => ({
    label: t(`system:audit.group.${group}`),
    title: group,
    options: AUDIT_ACTIONS.filter((action) => auditActionGroup(action) === group).map((action) => ({
      value: action,
      label: actionLabel(action, i18n.language),
    })),
  }));

  const exportAs = async (format: 'xlsx' | 'csv') => {
    setExporting(format);
    try {
      await downloadFile(
        'audit-service/entries/export',
        { ...auditQuery(filter), format },
        `audit-log.${format}`,
      );
    } catch (error) {
      void message.error(errorMessage(error, t));
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="system-audit" data-testid="system-audit">
      {messageHolder}
      <div className="system-audit-filters">
        <Input.Search
          allowClear
          placeholder={t('system:audit.actor')}
          aria-label={t('system:audit.actor')}
          onSearch={(actor) => change({ actor })}
          data-testid="audit-actor"
          maxLength={64}
        />
        <Input.Search
          allowClear
          placeholder={t('system:audit.text')}
          aria-label={t('system:audit.text')}
          onSearch={(q) => change({ q })}
          data-testid="audit-text"
          maxLength={64}
        />
        <Select<AuditAction[]>
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={t('system:audit.actions')}
          aria-label={t('system:audit.actions')}
          options={actionOptions}
          value={filter.actions}
          onChange={(actions) => change({ actions })}
          optionFilterProp="label"
          data-testid="audit-actions"
        />
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          aria-label={t('system:audit.dates')}
          placeholder={[t('system:audit.from'), t('system:audit.to')]}
          onChange={(range: [Dayjs | null, Dayjs | null] | null) =>
            change({
              from: range?.[0]?.format('YYYY-MM-DD') ?? null,
              to: range?.[1]?.format('YYYY-MM-DD') ?? null,
            })
          }
          data-testid="audit-dates"
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('system:audit.project')}
          aria-label={t('system:audit.project')}
          loading={projects.isLoading}
          options={(projects.data ?? []).map((project) => ({ value: project._id, label: project.name }))}
          value={filter.projectId ?? undefined}
          onChange={(projectId?: string) => change({ projectId: projectId ?? null })}
          data-testid="audit-project"
        />
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting === 'xlsx'}
            onClick={() => void exportAs('xlsx')}
            data-testid="audit-export-xlsx"
          >
            {t('system:audit.exportXlsx')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting === 'csv'}
            onClick={() => void exportAs('csv')}
            data-testid="audit-export-csv"
          >
            {t('system:audit.exportCsv')}
          </Button>
        </Space>
      </div>
      <p className="system-audit-note">{t('system:audit.note')}</p>
      {entries.isError ? (
        <Alert type="error" showIcon message={errorMessage(entries.error, t)} data-testid="audit-error" />
      ) : entries.isLoading ? (
        <div className="system-audit-loading">
          <Spin />
        </div>
      ) : rows.length === 0 ? (
        <Empty description={t('system:audit.empty')} data-testid="audit-empty" />
      ) : (
        <>
          <ul className="system-audit-list" data-testid="audit-entries">
            {rows.map((entry) => (
              <AuditEntryCard
                key={entry._id}
                entry={entry}
                onProject={(projectId) => change({ projectId })}
                onActor={(actor) => change({ actor })}
              />
            ))}
          </ul>
          {entries.hasNextPage ? (
            <div className="system-audit-more">
              <Button
                onClick={() => void entries.fetchNextPage()}
                loading={entries.isFetchingNextPage}
                data-testid="audit-more"
              >
                {t('system:audit.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
