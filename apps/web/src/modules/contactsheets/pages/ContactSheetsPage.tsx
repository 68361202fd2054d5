import '../locales';
import '../contactsheets.css';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CONTACT_SHEET_BOXES, type ContactSheetBox } from '@lintel/contracts/contactsheets';
import { App, Badge, Button, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ErrorState } from '../../../components/ErrorState';
import { liveResults } from '../../../components/list/liveResults';
import { MissingRight } from '../../../components/MissingRight';
import { errorMessage } from '../../../lib/errors';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { type SheetFilter, useContactSheetCounts, useContactSheets, useDeleteContactSheets } from '../api';
import { SheetFilters } from '../components/SheetFilters';
import { SheetTable } from '../components/SheetTable';
import { type ListState, readListState, writeListState } from '../listState';
import { newContactSheetPath } from '../paths';
import { useSheetRights } from '../rights';

/** /projects/:projectId/contactsheets — received, sent or all, with the kind, unread and keyword filters. */
export default function ContactSheetsPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        <ContactSheets />
      </WorkbenchLayout>
    </App>
  );
}

function ContactSheets() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { projectId } = useCurrentProject();
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const { box, page, pageSize } = state;
  const filter: SheetFilter = { box, type: state.type, unreadOnly: state.unreadOnly, keyword: state.keyword };
  const { box: _box, ...shared } = filter;
  const list = useContactSheets(projectId, filter, page, pageSize);
  const counts = useContactSheetCounts(projectId, shared);
  const { rights, createPending } = useSheetRights(projectId);
  const remove = useDeleteContactSheets(projectId);
  const [selected, setSelected] = useState<string[]>([]);
  const rows = list.data ?? [];
  const total = counts.data?.[box] ?? rows.length;

  const go = (patch: Partial<ListState>) => {
    setSelected([]);
    // A new filter starts at its first page.
    const next = { ...state, page: 1, ...patch };
    setParams(writeListState(next), { replace: !('box' in patch) });
  };

  const deleteSelected = async () => {
    try {
      const { count } = await remove.mutateAsync(selected);
      setSelected([]);
      void message.success(t('contactsheets:done.deleted', { count }));
    } catch (error) {
      // All or nothing: the server names why, and nothing was deleted.
      void message.error(errorMessage(error, t));
    }
  };

  const selectable = rights.canDelete || rows.some((row) => row.canDelete);
  return (
    <div className="contactsheets" data-testid="contactsheets-page">
      <div className="project-page__head">
        <Typography.Title level={3} className="project-page__title">
          {t('contactsheets:title')}
        </Typography.Title>
        <Space wrap>
          {selected.length > 0 ? (
            <ConfirmDanger
              title={t('contactsheets:confirm.bulkDeleteTitle', { count: selected.length })}
              description={t('contactsheets:confirm.bulkDeleteDescription')}
              okTestId="sheets-delete-ok"
              onConfirm={deleteSelected}
            >
              <Button danger icon={<DeleteOutlined />} loading={remove.isPending} data-testid="sheets-delete">
                {t('contactsheets:list.deleteSelected', { count: selected.length })}
              </Button>
            </ConfirmDanger>
          ) : null}
          <MissingRight
            projectId={projectId}
            module="contactLists"
            permission="create"
            allowed={createPending ? undefined : rights.canCreate}
            testId="sheets-create-missing"
          >
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(newContactSheetPath(projectId))}
              data-testid="sheets-create"
            >
              {t('contactsheets:list.create')}
            </Button>
          </MissingRight>
        </Space>
      </div>
      <Tabs
        activeKey={box}
        onChange={(key) => go({ box: key as ContactSheetBox })}
        items={CONTACT_SHEET_BOXES.map((key: ContactSheetBox) => ({
          key,
          label: (
            <span data-testid={`sheets-tab-${key}`}>
              {t(`contactsheets:box.${key}`)}
              {counts.data ? (
                <Badge
                  count={counts.data[key]}
                  showZero
                  overflowCount={9999}
                  color={key === box ? 'blue' : 'default'}
                  className="contactsheets__count"
                  data-testid={`sheets-count-${key}`}
                />
              ) : null}
            </span>
          ),
        }))}
      />
      {/* The box's count for these filters (the tabs' counts query), none until it is for them. */}
      <SheetFilters filter={filter} onChange={go} results={liveResults(counts, counts.data?.[box])} />
      {list.isError && !list.data ? (
        <ErrorState
          title={t('contactsheets:list.error')}
          description={errorMessage(list.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void list.refetch()}
          busy={list.isFetching}
          testId="sheets-error"
        />
      ) : (
        <SheetTable
          projectId={projectId}
          box={box}
          filtered={state.type !== null || state.unreadOnly || state.keyword !== ''}
          rows={rows}
          total={total}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          page={page}
          pageSize={pageSize}
          onPage={(nextPage, nextSize) => go({ page: nextPage, pageSize: nextSize })}
          selection={
            selectable
              ? {
                  keys: selected,
                  onChange: setSelected,
                  selectable: (row) => rights.canDelete || row.canDelete,
                }
              : null
          }
        />
      )}
    </div>
  );
}
