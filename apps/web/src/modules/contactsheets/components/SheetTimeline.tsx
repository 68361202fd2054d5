import {
  EditOutlined,
  EyeOutlined,
  MessageOutlined,
  RollbackOutlined,
  SendOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import type { ContactSheetAction, ContactSheetCirculationEntry } from '@lintel/contracts/contactsheets';
import { Empty, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName, formatTime, namesOf } from '../format';

const LOOK: Record<ContactSheetAction, { color: string; icon: ReactNode }> = {
  send: { color: 'blue', icon: <SendOutlined /> },
  resend: { color: 'blue', icon: <SendOutlined /> },
  read: { color: 'gray', icon: <EyeOutlined /> },
  reply: { color: 'green', icon: <MessageOutlined /> },
  forward: { color: 'blue', icon: <ShareAltOutlined /> },
  recall: { color: 'red', icon: <RollbackOutlined /> },
  edit: { color: 'gray', icon: <EditOutlined /> },
};

/** The circulation record (spec 001 §3): every send, read, reply, forward, recall and edit, who and when. */
export function SheetTimeline({ entries }: { entries: ContactSheetCirculationEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('contactsheets:circulation.empty')} />;
  const separator = t('contactsheets:separator');
  return (
    <Timeline
      data-testid="sheet-timeline"
      items={entries.map((entry) => ({
        key: entry._id,
        color: LOOK[entry.action].color,
        icon: LOOK[entry.action].icon,
        // No `title`: antd then lays the record out from the left (a title would centre the line and give
        // the time the whole left half); the time goes under the entry instead.
        content: (
          <div data-testid={`sheet-entry-${entry.action}`} className="sheet-timeline__entry">
            <Typography.Text>
              {t(`contactsheets:circulation.${entry.action}`, {
                actor: displayName(entry.actor) ?? t('contactsheets:state.unknownUser'),
                users: namesOf(entry.users, separator),
                count: entry.users.length,
              })}
            </Typography.Text>
            {entry.remark ? (
              <Typography.Paragraph type="secondary" className="sheet-timeline__remark">
                {entry.action === 'forward'
                  ? t('contactsheets:circulation.remark', { remark: entry.remark })
                  : entry.remark}
              </Typography.Paragraph>
            ) : null}
            <time className="sheet-timeline__time" dateTime={entry.at}>
              {formatTime(entry.at)}
            </time>
          </div>
        ),
      }))}
    />
  );
}
