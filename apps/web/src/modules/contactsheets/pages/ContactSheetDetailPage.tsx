import '../locales';
import '../contactsheets.css';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { ID_PATTERN } from '@lintel/contracts/common';
import { App, Card, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageSpinner } from '../../../components/PageSpinner';
import { RetryAlert } from '../../../components/project/RetryAlert';
import { ViewpointCard } from '../../models/viewpoint/ViewpointCard';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { useContactSheet, useMarkRead } from '../api';
import { SheetActions } from '../components/SheetActions';
import { SheetDocument } from '../components/SheetDocument';
import { SheetLoadFailure } from '../components/SheetLoadFailure';
import { SheetTimeline } from '../components/SheetTimeline';
import { contactSheetsPath } from '../paths';

/** /projects/:projectId/contactsheets/:sheetId — one sheet and its circulation record; opening marks it read. */
export default function ContactSheetDetailPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        <ContactSheetDetail />
      </WorkbenchLayout>
    </App>
  );
}

function ContactSheetDetail() {
  const { t } = useTranslation();
  const { sheetId = '' } = useParams();
  const { projectId } = useCurrentProject();
  const query = useContactSheet(projectId, sheetId);
  const markRead = useMarkRead(projectId);
  const sheet = query.data;
  const marked = useRef<string | null>(null);

  // A receiver or cc who opens it has read it (once per opening; the lists and the circulation follow).
  useEffect(() => {
    if (!sheet?.unRead || marked.current === sheet._id) return;
    marked.current = sheet._id;
    markRead.mutate(sheet._id);
  }, [sheet, markRead]);

  const back = (
    <Link to={contactSheetsPath(projectId)} data-testid="sheet-back">
      <ArrowLeftOutlined /> {t('contactsheets:action.back')}
    </Link>
  );

  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <SheetLoadFailure query={query} back={back} />;

  const s = query.data;
  return (
    <div className="sheet-detail" data-testid="sheet-detail">
      <div className="sheet-detail__nav">{back}</div>
      <Card variant="borderless">
        <div className="project-page__head">
          <Typography.Title level={4} className="project-page__title">
            {s.number} {s.title}
          </Typography.Title>
          <SheetActions projectId={projectId} sheet={s} />
        </div>
        <SheetDocument sheet={s} />
        {s.viewportId && ID_PATTERN.test(s.viewportId) ? (
          // Sent from the viewer (issue 16): the view it was about, and the way back to it.
          <section className="sheet-document__section" data-testid="sheet-viewpoint">
            <Typography.Title level={5}>{t('modelViewpoint:title')}</Typography.Title>
            <ViewpointCard projectId={projectId} viewportId={s.viewportId} />
          </section>
        ) : null}
      </Card>
      <Card variant="borderless" className="sheet-detail__circulation">
        <Typography.Title level={5}>{t('contactsheets:circulation.title')}</Typography.Title>
        <SheetTimeline entries={s.circulation} />
      </Card>
      {markRead.isError ? <RetryAlert error={markRead.error} onRetry={() => markRead.mutate(s._id)} /> : null}
    </div>
  );
}
