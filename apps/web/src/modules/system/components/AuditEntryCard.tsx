import { AUDIT_ACTION_LABELS, type AuditAction, type AuditEntryView } from '@lintel/contracts/system';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/dateTime';

/** The readable name of an action in the interface's language. */
export function actionLabel(action: AuditAction, language: string): string {
  const labels = AUDIT_ACTION_LABELS[action];
  if (!labels) return action;
  return language.startsWith('en') ? labels['en-US'] : labels['zh-CN'];
}

/** A detail's value as shown: the coded ones (how, why, what) in words, the rest as recorded. */
function detailValue(
  key: string,
  value: string | number | boolean | null,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return t(value ? 'system:audit.yes' : 'system:audit.no');
  const text = String(value);
  if (key === 'reason' || key === 'method' || key === 'kind' || key === 'scopeType') {
    return t(`system:audit.value.${text.replace(/\./g, '_')}`, { defaultValue: text });
  }
  return text;
}

/** Colours by kind: refusals and removals stand out. */
function colorOf(action: string): string | undefined {
  if (action === 'auth.signInFailed' || action === 'user.disabled') return 'red';
  if (action.endsWith('.deleted') || action === 'member.removed') return 'volcano';
  if (action === 'data.exported') return 'purple';
  if (action.startsWith('auth.')) return 'blue';
  return 'geekblue';
}

/** One entry: when, what, who, from where, on which project and record, and its details. */
export function AuditEntryCard({
  entry,
  onProject,
  onActor,
}: {
  entry: AuditEntryView;
  onProject: (projectId: string) => void;
  onActor: (actor: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const details = Object.entries(entry.detail);
  const actor = entry.actorName ?? (entry.actorId ? entry.actorId : t('system:audit.anonymous'));
  return (
    <li className="system-audit-entry" data-testid="audit-entry">
      <div className="system-audit-entry-head">
        <Tag color={colorOf(entry.action)} data-testid="audit-action">
          {actionLabel(entry.action, i18n.language)}
        </Tag>
        <time dateTime={entry.createdAt} className="system-audit-time">
          {formatTime(entry.createdAt)}
        </time>
      </div>
      <dl className="system-audit-facts">
        <div>
          <dt>{t('system:audit.by')}</dt>
          <dd>
            {entry.actorId ? (
              <Typography.Link
                onClick={() => onActor(entry.actorId as string)}
                data-testid="audit-actor-link"
              >
                {actor}
              </Typography.Link>
            ) : (
              <span>{actor}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('system:audit.ip')}</dt>
          <dd>{entry.ip ?? '—'}</dd>
        </div>
        {entry.projectId ? (
          <div>
            <dt>{t('system:audit.project')}</dt>
            <dd>
              <Typography.Link onClick={() => onProject(entry.projectId as string)}>
                {entry.projectName ?? entry.projectId}
              </Typography.Link>
            </dd>
          </div>
        ) : null}
        {entry.targetType ? (
          <div>
            <dt>{t('system:audit.target')}</dt>
            <dd>
              {t(`system:audit.targetType.${entry.targetType}`, { defaultValue: entry.targetType })}
              {entry.targetId ? <span className="system-audit-id"> {entry.targetId}</span> : null}
            </dd>
          </div>
        ) : null}
        {details.length > 0 ? (
          <div className="system-audit-detail">
            <dt>{t('system:audit.detail')}</dt>
            <dd data-testid="audit-detail">
              {details.map(([key, value]) => (
                <span key={key} className="system-audit-pair">
                  {t(`system:audit.detailKey.${key}`, { defaultValue: key })}: {detailValue(key, value, t)}
                </span>
              ))}
            </dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}
