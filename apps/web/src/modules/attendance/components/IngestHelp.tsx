import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../../lib/http';
import { INGEST_PATH } from '../api';

/** Where an integrator's gate sends its events, and a request to try it with. */
export function IngestHelp() {
  const { t } = useTranslation();
  const relative = apiUrl(INGEST_PATH);
  const url = /^https?:/i.test(relative) ? relative : `${window.location.origin}${relative}`;
  const example = [
    `curl -X POST '${url}' \\`,
    `  -H 'Authorization: Bearer <${t('attendance:devices.tokenPlaceholder')}>' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"events":[{"eventId":"gate1-000123","idNumber":"<${t('attendance:devices.idNumberPlaceholder')}>","direction":"in","at":"2026-11-21T07:58:00+08:00"}]}'`,
  ].join('\n');
  return (
    <Card size="small" title={t('attendance:devices.integration')} className="attendance__card">
      <Typography.Paragraph>{t('attendance:devices.integrationHint')}</Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: url }}>
        <Typography.Text code data-testid="ingest-url">
          POST {url}
        </Typography.Text>
      </Typography.Paragraph>
      <pre className="attendance-code" data-testid="ingest-example">
        {example}
      </pre>
      <Typography.Paragraph type="secondary">{t('attendance:devices.integrationRules')}</Typography.Paragraph>
    </Card>
  );
}
