import { CheckCircleFilled, DownloadOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ClientAvailability, ClientEntry } from '../clients';

/** One client: what it is, its hint, and how to get it. */
export function ClientCard({
  client,
  availability,
}: {
  client: ClientEntry;
  availability: ClientAvailability;
}) {
  const { t } = useTranslation();
  const { key } = client;
  return (
    <Card className="client-card" variant="borderless" data-testid={`download-card-${key}`}>
      <div className="client-card__icon" aria-hidden>
        {client.icon}
      </div>
      <Typography.Title level={5} className="client-card__name">
        {t(`download:clients.${key}.name`)}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="client-card__description">
        {t(`download:clients.${key}.description`)}
      </Typography.Paragraph>
      {client.hint ? (
        <p className="client-card__hint" data-testid={`download-hint-${key}`}>
          <InfoCircleOutlined /> {t(`download:clients.${key}.hint`)}
        </p>
      ) : null}
      <div className="client-card__action">
        {availability.kind === 'download' ? (
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            href={availability.url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid={`download-button-${key}`}
          >
            {t('download:action.download')}
          </Button>
        ) : availability.kind === 'current' ? (
          <span className="client-card__current" data-testid={`download-current-${key}`}>
            <CheckCircleFilled /> {t('download:current')}
          </span>
        ) : (
          <Typography.Text type="secondary" data-testid={`download-unavailable-${key}`}>
            {t('download:unavailable')}
          </Typography.Text>
        )}
      </div>
    </Card>
  );
}
