import { CopyOutlined, PrinterOutlined, StopOutlined, SyncOutlined } from '@ant-design/icons';
import type { Person } from '@lintel/contracts/personnel';
import { App, Button, Card, QRCode, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ErrorState } from '../../../components/ErrorState';
import { errorMessage } from '../../../lib/errors';
import { usePersonShare, useRevokePersonShare, useRotatePersonShare } from '../api';
import { PersonAvatar } from './PersonAvatar';

const PRINTING = 'personnel-printing';

/**
 * The staff QR code: it opens the person's public card (the share page). "Print card" prints the card with
 * the code (only it: see the print rules in personnel.css). Shown to holders of the export right (the card
 * is published outside the project), who may also replace it (the old code stops working) or revoke it; an
 * exited person has none (the server ends it with the exit).
 */
export function StaffQrCode({ projectId, person }: { projectId: string; person: Person }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const exited = person.status === 'exit';
  // After a revocation nothing is asked (asking makes a new code) until the user makes one again.
  const [revoked, setRevoked] = useState(false);
  const share = usePersonShare(projectId, person._id, !exited && !revoked);
  const rotate = useRotatePersonShare(projectId, person._id);
  const revoke = useRevokePersonShare(projectId, person._id);
  // The print rules apply only while the body carries the class: cleared after the dialog (and on leaving).
  useEffect(() => {
    const done = () => document.body.classList.remove(PRINTING);
    window.addEventListener('afterprint', done);
    return () => {
      window.removeEventListener('afterprint', done);
      done();
    };
  }, []);

  if (exited) {
    return (
      <Card title={t('personnel:qr.title')} data-testid="person-qr">
        <Typography.Paragraph type="secondary" data-testid="person-qr-exited">
          {t('personnel:qr.exited')}
        </Typography.Paragraph>
      </Card>
    );
  }
  if (revoked) {
    return (
      <Card title={t('personnel:qr.title')} data-testid="person-qr">
        <Typography.Paragraph type="secondary" data-testid="person-qr-revoked">
          {t('personnel:qr.revokedState')}
        </Typography.Paragraph>
        <Button type="primary" onClick={() => setRevoked(false)} data-testid="person-qr-regenerate">
          {t('personnel:qr.regenerate')}
        </Button>
      </Card>
    );
  }
  if (share.isError) {
    return (
      <ErrorState
        title={t('personnel:qr.error')}
        description={errorMessage(share.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void share.refetch()}
        busy={share.isFetching}
        testId="person-qr-error"
      />
    );
  }
  // The server names the card's page (`/share/personnel/{token}`); the code holds its full address.
  const url = share.data ? new URL(share.data.url, window.location.origin).href : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success(t('personnel:qr.copied'));
    } catch {
      void message.error(t('personnel:qr.copyFailed', { url }));
    }
  };

  const print = () => {
    document.body.classList.add(PRINTING);
    window.print();
  };

  return (
    <Card title={t('personnel:qr.title')} data-testid="person-qr">
      <div className="personnel-qr personnel-print-card">
        <QRCode
          value={url || '-'}
          type="svg"
          status={share.isPending ? 'loading' : 'active'}
          size={160}
          data-testid="person-qr-code"
        />
        <div>
          <Space align="center">
            <PersonAvatar url={person.avatarUrl} size={40} />
            <Typography.Text strong>{person.name}</Typography.Text>
          </Space>
          <Typography.Paragraph type="secondary" className="personnel-qr__hint">
            {t('personnel:qr.hint')}
          </Typography.Paragraph>
          <Typography.Text copyable={false} code data-testid="person-qr-url">
            {url}
          </Typography.Text>
        </div>
      </div>
      <Space wrap className="personnel-qr__actions">
        <Button
          icon={<CopyOutlined />}
          disabled={!url}
          onClick={() => void copy()}
          data-testid="person-qr-copy"
        >
          {t('personnel:qr.copy')}
        </Button>
        <Button icon={<PrinterOutlined />} disabled={!url} onClick={print} data-testid="person-qr-print">
          {t('personnel:qr.print')}
        </Button>
        <ConfirmDanger
          title={t('personnel:qr.rotateConfirm')}
          description={t('personnel:qr.rotateHint')}
          okText={t('personnel:qr.rotate')}
          okTestId="person-qr-rotate-ok"
          onConfirm={() =>
            rotate.mutateAsync().then(
              () => void message.success(t('personnel:qr.rotated')),
              (error: unknown) => void message.error(errorMessage(error, t)),
            )
          }
        >
          <Button
            icon={<SyncOutlined />}
            disabled={!url}
            loading={rotate.isPending}
            data-testid="person-qr-rotate"
          >
            {t('personnel:qr.rotate')}
          </Button>
        </ConfirmDanger>
        <ConfirmDanger
          title={t('personnel:qr.revokeConfirm')}
          description={t('personnel:qr.revokeHint')}
          okText={t('personnel:qr.revoke')}
          okTestId="person-qr-revoke-ok"
          onConfirm={() =>
            revoke.mutateAsync().then(
              () => {
                setRevoked(true);
                void message.success(t('personnel:qr.revoked'));
              },
              (error: unknown) => void message.error(errorMessage(error, t)),
            )
          }
        >
          <Button
            danger
            icon={<StopOutlined />}
            disabled={!url}
            loading={revoke.isPending}
            data-testid="person-qr-revoke"
          >
            {t('personnel:qr.revoke')}
          </Button>
        </ConfirmDanger>
      </Space>
    </Card>
  );
}
