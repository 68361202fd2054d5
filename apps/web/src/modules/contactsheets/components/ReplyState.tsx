import type { ContactSheetSummary } from '@lintel/contracts/contactsheets';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { SheetStateTag } from './SheetStateTag';

type Sheet = Pick<
  ContactSheetSummary,
  '_id' | 'status' | 'replyNeeded' | 'replied' | 'replyDeadline' | 'replyCount'
>;

/** Where a sheet stands: recalled, replied, waiting for a reply (with its deadline), or no reply needed. */
export function ReplyState({ sheet, withDeadline = false }: { sheet: Sheet; withDeadline?: boolean }) {
  const { t } = useTranslation();
  const testId = `sheet-state-${sheet._id}`;
  if (sheet.status === 'recalled') {
    return (
      <SheetStateTag state="recalled" testId={testId}>
        {t('contactsheets:state.recalled')}
      </SheetStateTag>
    );
  }
  if (!sheet.replyNeeded) {
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        {t('contactsheets:state.noReply')}
      </Typography.Text>
    );
  }
  return (
    <span data-testid={testId}>
      {sheet.replied ? (
        <SheetStateTag state="replied">
          {t('contactsheets:state.replied', { count: sheet.replyCount })}
        </SheetStateTag>
      ) : (
        <SheetStateTag state="awaitingReply">{t('contactsheets:state.awaitingReply')}</SheetStateTag>
      )}
      {withDeadline && sheet.replyDeadline ? (
        <Typography.Text type="secondary">
          {t('contactsheets:state.deadline', { date: formatDate(sheet.replyDeadline) })}
        </Typography.Text>
      ) : null}
    </span>
  );
}
