import '../locales';
import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';
import { productName, useProfile } from '../../system/api';
import { CLIENTS, clientAvailability } from '../clients';
import { ClientCard } from '../components/ClientCard';

/** /download: the clients of spec 001 §1 with their hints and, when this site offers them, a download. */
export default function DownloadPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const product = productName(profile, useLanguage());
  return (
    <div className="page download-page" data-testid="download-page">
      <header className="page__header">
        <Typography.Title level={2} className="page__title">
          {t('download:title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="page__subtitle">
          {t('download:subtitle', { product })}
        </Typography.Paragraph>
      </header>
      <Row gutter={[20, 20]}>
        {CLIENTS.map((client) => (
          <Col key={client.key} xs={24} sm={12} lg={8}>
            <ClientCard client={client} availability={clientAvailability(client.key, profile.downloads)} />
          </Col>
        ))}
      </Row>
    </div>
  );
}
