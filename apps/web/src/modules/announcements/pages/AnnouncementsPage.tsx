import '../locales';
import '../announcements.css';
import { PlusOutlined } from '@ant-design/icons';
import type { AnnouncementBox } from '@lintel/contracts/announcements';
import { App, Button, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ErrorState } from '../../../components/ErrorState';
import { MissingRight } from '../../../components/MissingRight';
import { errorMessage } from '../../../lib/errors';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { useAnnouncements, useDeleteBox } from '../api';
import { AnnouncementTable } from '../components/AnnouncementTable';
import { announcementsPath, newAnnouncementPath } from '../paths';
import { useAnnouncementRights } from '../rights';

/** /projects/:projectId/announcements (received) and …/announcements/sent. */
export default function AnnouncementsPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        <Announcements />
      </WorkbenchLayout>
    </App>
  );
}

const BOXES: AnnouncementBox[] = ['receive', 'send'];

function Announcements() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const box: AnnouncementBox = pathname.replace(/\/+$/, '').endsWith('/sent') ? 'send' : 'receive';
  const { projectId, isAdmin } = useCurrentProject();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const list = useAnnouncements(projectId, box, paging.page, paging.pageSize);
  const { rights, createPending } = useAnnouncementRights(projectId, isAdmin);
  const clear = useDeleteBox(projectId);
  const total = list.data?.total ?? 0;

  const clearBox = async () => {
    try {
      const { count } = await clear.mutateAsync(box);
      setPaging((p) => ({ ...p, page: 1 }));
      void message.success(t('announcements:list.cleared', { count }));
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };

  return (
    <div className="announcements" data-testid="announcements-page">
      <div className="project-page__head">
        <Typography.Title level={3} className="project-page__title">
          {t('announcements:title')}
        </Typography.Title>
        <Space wrap>
          {rights.canDelete && total > 0 ? (
            <ConfirmDanger
              title={t(
                box === 'send'
                  ? 'announcements:list.clearTitle.send'
                  : 'announcements:list.clearTitle.receive',
                { count: total },
              )}
              description={t(
                box === 'send'
                  ? 'announcements:list.clearDescription.send'
                  : 'announcements:list.clearDescription.receive',
              )}
              okTestId="announcements-clear-ok"
              onConfirm={clearBox}
            >
              <Button danger loading={clear.isPending} data-testid="announcements-clear">
                {t(box === 'send' ? 'announcements:list.clear.send' : 'announcements:list.clear.receive')}
              </Button>
            </ConfirmDanger>
          ) : null}
          <MissingRight
            projectId={projectId}
            module="announcements"
            permission="create"
            allowed={createPending ? undefined : rights.canCreate}
            testId="announcements-create-missing"
          >
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(newAnnouncementPath(projectId))}
              data-testid="announcements-create"
            >
              {t('announcements:list.create')}
            </Button>
          </MissingRight>
        </Space>
      </div>
      <Tabs
        activeKey={box}
        onChange={(key) => {
          setPaging((p) => ({ ...p, page: 1 }));
          void navigate(announcementsPath(projectId, key as AnnouncementBox));
        }}
        items={BOXES.map((key) => ({
          key,
          label: <span data-testid={`announcements-tab-${key}`}>{t(`announcements:box.${key}`)}</span>,
        }))}
      />
      {list.isError && !list.data ? (
        <ErrorState
          title={t('announcements:list.error')}
          description={errorMessage(list.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void list.refetch()}
          busy={list.isFetching}
          testId="announcements-error"
        />
      ) : (
        <AnnouncementTable
          projectId={projectId}
          box={box}
          rows={list.data?.rows ?? []}
          total={total}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          page={paging.page}
          pageSize={paging.pageSize}
          onPage={(page, pageSize) => setPaging({ page, pageSize })}
          rights={rights}
        />
      )}
    </div>
  );
}
