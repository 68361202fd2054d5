import type { Announcement } from '@lintel/contracts/announcements';
import { Avatar, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/dateTime';
import { displayName } from '../../../lib/people';
import { safeUrl } from '../../../lib/url';

/** For the sender and project admins: who received it and whether they read it (unread first). */
export function ReceiverStates({ announcement }: { announcement: Announcement }) {
  const { t } = useTranslation();
  const states = [...(announcement.receiverStates ?? [])].sort(
    (a, b) =>
      Number(a.read) - Number(b.read) || (displayName(a.user) ?? '').localeCompare(displayName(b.user) ?? ''),
  );
  const read = states.filter((s) => s.read).length;
  const chosen =
    announcement.receivers === 'all'
      ? t('announcements:detail.everyone')
      : (announcement.departmentList ?? []).length > 0
        ? t('announcements:detail.departments', {
            names: (announcement.departmentList ?? []).map((d) => d.name).join('、'),
          })
        : null;
  return (
    <section className="announcement-receivers-state" data-testid="announcement-receivers">
      <Typography.Title level={5}>{t('announcements:detail.receivers')}</Typography.Title>
      <Typography.Paragraph type="secondary" data-testid="announcement-read-summary">
        {chosen ? `${chosen} · ` : ''}
        {t('announcements:detail.readSummary', { read, unread: states.length - read })}
      </Typography.Paragraph>
      {states.length === 0 ? (
        <Typography.Text type="secondary">{t('announcements:detail.noReceivers')}</Typography.Text>
      ) : (
        <ul className="announcement-receivers-state__list">
          {states.map((state) => (
            <li
              key={state.user._id}
              className="announcement-receivers-state__item"
              data-testid={`announcement-receiver-${state.user._id}`}
            >
              <Avatar size="small" src={safeUrl(state.user.avatar) ?? undefined}>
                {displayName(state.user)?.slice(0, 1)}
              </Avatar>
              <span className="announcement-receivers-state__name">{displayName(state.user)}</span>
              {state.read ? (
                <Tag color="green">{t('announcements:state.read')}</Tag>
              ) : (
                <Tag>{t('announcements:state.unread')}</Tag>
              )}
              {state.read && state.readAt ? (
                <Typography.Text type="secondary" className="announcement-receivers-state__time">
                  {t('announcements:detail.readAt', { time: formatTime(state.readAt) })}
                </Typography.Text>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
