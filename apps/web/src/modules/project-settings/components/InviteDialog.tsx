import type { InvitationCreated } from '@lintel/contracts/org';
import { Button, Modal, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineAlert } from '../../../components/InlineAlert';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useCreateInvitation } from '../membersApi';

/** Creates an invitation link (POST projects/{id}/invitations) and shows it to copy. */
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
  const [invitation, setInvitation] = useState<InvitationCreated | null>(null);
  const { mutate, reset } = create;

  // One link per opening (StrictMode runs effects twice in development: the ref keeps it to one call).
  const asked = useRef(false);
  useEffect(() => {
    if (!open) {
      asked.current = false;
      return;
    }
    if (asked.current) return;
    asked.current = true;
    setInvitation(null);
    reset();
    mutate(undefined, { onSuccess: setInvitation });
  }, [open, mutate, reset]);

  const link = invitation ? new URL(invitation.url, window.location.origin).toString() : '';
  return (
    <Modal
      open={open}
      title={t('projectSettings:members.inviteTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common:action.close')}</Button>}
    >
      {create.isPending ? <Spin /> : null}
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
