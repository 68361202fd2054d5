import type { InvitationCreated } from '@lintel/contracts/org';
import { Button, Modal, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineAlert } from '../../../components/InlineAlert';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useCreateInvitation, useInvitations, useLastInvitationLink } from '../membersApi';

/**
 * Shows an invitation link to copy: the one made last in this tab while it still works, else a new one
 * (POST projects/{id}/invitations); "New link" makes another on purpose.
 */
export function InviteDialog({
  projectId,
  open,
  onClose,
}: {
  projectId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateInvitation(projectId);
  const openLinks = useInvitations(projectId);
  const lastLink = useLastInvitationLink(projectId);
  const [invitation, setInvitation] = useState<InvitationCreated | null>(null);
  const { mutate, reset } = create;
  const makeLink = useCallback(() => {
    reset();
    mutate(undefined, { onSuccess: setInvitation });
  }, [mutate, reset]);

  // At most one new link per opening (StrictMode runs effects twice in development: the ref keeps it to one),
  // and none when the last one made here still works. Waits for the open links, which tell a revoked one.
  const asked = useRef(false);
  useEffect(() => {
    if (!open) {
      asked.current = false;
      return;
    }
    if (asked.current || openLinks.isPending) return;
    asked.current = true;
    const last = lastLink(openLinks.data);
    setInvitation(last);
    if (!last) makeLink();
  }, [open, openLinks.isPending, openLinks.data, lastLink, makeLink]);

  const link = invitation ? new URL(invitation.url, window.location.origin).toString() : '';
  return (
    <Modal
      open={open}
      title={t('projectSettings:members.inviteTitle')}
      onCancel={onClose}
      footer={
        <>
          <Button onClick={makeLink} disabled={create.isPending} data-testid="invite-new-link">
            {t('projectSettings:members.inviteNewLink')}
          </Button>
          <Button type="primary" onClick={onClose}>
            {t('common:action.close')}
          </Button>
        </>
      }
    >
      {create.isPending || (open && openLinks.isPending && !invitation) ? <Spin /> : null}
      {create.isError ? (
        <InlineAlert type="error" message={errorMessage(create.error, t)} testId="invite-error" />
      ) : null}
      {invitation ? (
        <>
          <Typography.Paragraph>{t('projectSettings:members.inviteHint')}</Typography.Paragraph>
          <Typography.Paragraph copyable={{ text: link }} code data-testid="invite-link">
            {link}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            {t('projectSettings:members.inviteExpires', { date: formatDate(invitation.expiresAt) })}
          </Typography.Text>
        </>
      ) : null}
    </Modal>
  );
}
