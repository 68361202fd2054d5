import '../locales';
import '../personnel.css';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { App, Button, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorMessage } from '../../../lib/errors';
import { isHttpError } from '../../../lib/http';
import { lazyComponent } from '../../../lib/lazyComponent';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { usePerson, usePersonnelRight } from '../api';
import { PersonAvatar } from '../components/PersonAvatar';
import { PersonFacts } from '../components/PersonFacts';
import { StaffQrCode } from '../components/StaffQrCode';
import { editPersonPath, personnelPath } from '../paths';

// The exit and re-entry form loads when it is first opened.
const ExitDialog = lazyComponent(
  () => import('../components/ExitDialog').then((module) => module.ExitDialog),
  { when: (props) => props.mode !== null },
);

/** /projects/:projectId/personnel/:personId — one person, their exit or re-entry, and their QR code. */
export default function PersonDetailPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        <PersonDetail />
      </WorkbenchLayout>
    </App>
  );
}

function PersonDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { personId = '' } = useParams();
  const { projectId } = useCurrentProject();
  const person = usePerson(projectId, personId);
  const canEdit = usePersonnelRight(projectId, 'edit').data === true;
  const canExport = usePersonnelRight(projectId, 'export').data === true;
  const canReveal = usePersonnelRight(projectId, 'viewSensitive').data === true;
  const [dialog, setDialog] = useState<'exit' | 'reentry' | null>(null);
  const back = (
    <Link to={personnelPath(projectId)} data-testid="person-back">
      <ArrowLeftOutlined /> {t('personnel:action.back')}
    </Link>
  );

  if (person.isPending) return <PageSpinner />;
  if (person.isError) {
    if (isHttpError(person.error) && person.error.status === 404) {
      return (
        <Result
          status="404"
          title={t('personnel:detail.notFound')}
          extra={back}
          data-testid="person-not-found"
        />
      );
    }
    return (
      <ErrorState
        title={t('personnel:detail.error')}
        description={errorMessage(person.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void person.refetch()}
        busy={person.isFetching}
        testId="person-error"
      />
    );
  }
  const data = person.data;
  return (
    <div className="personnel-detail" data-testid="person-detail">
      <div className="personnel__nav">{back}</div>
      <div className="personnel__head">
        <Space align="center" size="middle">
          <PersonAvatar url={data.avatarUrl} size={56} />
          <Typography.Title level={3} className="personnel__title" data-testid="person-title">
            {data.name}
          </Typography.Title>
        </Space>
        {canEdit ? (
          <Space wrap>
            <Button
              icon={<EditOutlined />}
              onClick={() => void navigate(editPersonPath(projectId, data._id))}
              data-testid="person-edit"
            >
              {t('personnel:action.edit')}
            </Button>
            {data.status === 'exit' ? (
              <Button onClick={() => setDialog('reentry')} data-testid="person-reentry">
                {t('personnel:detail.reentry')}
              </Button>
            ) : (
              <Button danger onClick={() => setDialog('exit')} data-testid="person-exit">
                {t('personnel:detail.exit')}
              </Button>
            )}
          </Space>
        ) : null}
      </div>
      <div className="personnel-detail__body">
        <div className="personnel-detail__main">
          <PersonFacts person={data} canReveal={canReveal} />
        </div>
        <div className="personnel-detail__side">
          {/* The card is published outside the project: the export right, as the server asks. */}
          {canExport ? <StaffQrCode projectId={projectId} person={data} /> : null}
        </div>
      </div>
      <ExitDialog projectId={projectId} person={data} mode={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
