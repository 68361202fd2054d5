import type {
  ContactSheet,
  ContactSheetParticipant,
  ContactSheetRole,
} from '@lintel/contracts/contactsheets';
import { Alert, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AttachmentList } from '../../../components/project/AttachmentList';
import { formatDate } from '../../../lib/format';
import { displayName, formatTime } from '../format';
import { ReplyState } from './ReplyState';
import { SheetStateTag } from './SheetStateTag';

/** The people of one role, each with where they stand (read, replied; forwarded ones marked). */
function People({ sheet, kind: role }: { sheet: ContactSheet; kind: ContactSheetRole }) {
  const { t } = useTranslation();
  const people = sheet.participants.filter((p) => p.role === role);
  // Without participants (an older answer): the bare names.
  const fallback = role === 'receiver' ? sheet.receiverUsers : sheet.ccUsers;
  if (people.length === 0 && fallback.length === 0) return <>{t('contactsheets:detail.none')}</>;
  if (people.length === 0)
    return <>{fallback.map((u) => displayName(u)).join(t('contactsheets:separator'))}</>;
  const state = (p: ContactSheetParticipant) =>
    p.replied ? (
      <SheetStateTag state="replied">{t('contactsheets:state.personReplied')}</SheetStateTag>
    ) : p.read ? (
      <SheetStateTag state="read">{t('contactsheets:state.read')}</SheetStateTag>
    ) : (
      <SheetStateTag state="unread">{t('contactsheets:state.unread')}</SheetStateTag>
    );
  return (
    <span className="sheet-people" data-testid={`sheet-${role}s`}>
      {people.map((p) => (
        <span key={p.user._id} className="sheet-people__person" data-testid={`sheet-person-${p.user._id}`}>
          {displayName(p.user)}
          {p.forwardedBy ? (
            <Typography.Text type="secondary">{t('contactsheets:detail.forwarded')}</Typography.Text>
          ) : null}
          {state(p)}
        </span>
      ))}
    </span>
  );
}

/** A sheet laid out like the printed document: the head table, the content, attachments and replies. */
export function SheetDocument({ sheet }: { sheet: ContactSheet }) {
  const { t } = useTranslation();
  return (
    <article className="sheet-document" aria-labelledby="sheet-document-title">
      <Typography.Title level={3} className="sheet-document__kind" id="sheet-document-title">
        {t(`contactsheets:type.${sheet.type}`)}
      </Typography.Title>
      {sheet.status === 'recalled' ? (
        <Alert
          type="warning"
          showIcon
          className="sheet-document__recalled"
          message={t('contactsheets:detail.recalledAt', { time: formatTime(sheet.recalledAt) })}
          data-testid="sheet-recalled-note"
        />
      ) : null}
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} className="sheet-document__head">
        <Descriptions.Item label={t('contactsheets:field.number')}>
          <span data-testid="sheet-number">{sheet.number}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('contactsheets:field.type')}>
          {t(`contactsheets:type.${sheet.type}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('contactsheets:field.title')} span={2}>
          <span data-testid="sheet-title">{sheet.title}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('contactsheets:field.senderUnit')}>
          {sheet.senderUnit || t('contactsheets:detail.none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('contactsheets:field.sender')}>
          {displayName(sheet.sender) ?? t('contactsheets:state.unknownUser')}
        </Descriptions.Item>
        <Descriptions.Item label={t('contactsheets:field.sentAt')}>
          {formatTime(sheet.sentAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('contactsheets:field.replyNeeded')}>
          {sheet.replyNeeded ? t('contactsheets:detail.yes') : t('contactsheets:detail.no')}
          {sheet.replyNeeded && sheet.replyDeadline
            ? t('contactsheets:detail.deadline', { date: formatDate(sheet.replyDeadline) })
            : null}{' '}
          {sheet.replyNeeded ? <ReplyState sheet={sheet} /> : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('contactsheets:field.receivers')} span={2}>
          <People sheet={sheet} kind="receiver" />
        </Descriptions.Item>
        <Descriptions.Item label={t('contactsheets:field.cc')} span={2}>
          <People sheet={sheet} kind="cc" />
        </Descriptions.Item>
      </Descriptions>
      <section className="sheet-document__section">
        <Typography.Title level={5}>{t('contactsheets:field.content')}</Typography.Title>
        <div className="sheet-document__content" data-testid="sheet-content">
          {sheet.content}
        </div>
      </section>
      {sheet.attachments.length > 0 ? (
        <section className="sheet-document__section">
          <Typography.Title level={5}>{t('contactsheets:field.attachments')}</Typography.Title>
          <AttachmentList attachments={sheet.attachments} />
        </section>
      ) : null}
      {sheet.replies.length > 0 ? (
        <section className="sheet-document__section" data-testid="sheet-replies">
          <Typography.Title level={5}>
            {t('contactsheets:field.replies', { count: sheet.replies.length })}
          </Typography.Title>
          {sheet.replies.map((reply) => (
            <div key={reply._id} className="sheet-reply" data-testid={`sheet-reply-${reply._id}`}>
              <Typography.Text strong>{displayName(reply.user)}</Typography.Text>{' '}
              <Typography.Text type="secondary">{formatTime(reply.createdAt)}</Typography.Text>
              <div className="sheet-reply__content">{reply.content}</div>
              {reply.attachments.length > 0 ? <AttachmentList attachments={reply.attachments} /> : null}
            </div>
          ))}
        </section>
      ) : null}
    </article>
  );
}
