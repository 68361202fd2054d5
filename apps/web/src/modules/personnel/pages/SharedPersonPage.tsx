import '../locales';
import '../personnel.css';
import { Card, Descriptions, Result, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { errorMessage } from '../../../lib/errors';
import { isHttpError } from '../../../lib/http';
import { PersonAvatar } from '../components/PersonAvatar';
import { PersonStatusTag } from '../components/PersonStatusTag';
import { usePublicCard } from '../shareApi';

/**
 * /share/personnel/:token — what the staff QR code opens, for anyone (no login): the person's public card.
 * Never the ID number or a phone (the server's card has neither). Kept light: no workbench, no project calls.
 */
export default function SharedPersonPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const card = usePublicCard(token);

  if (card.isPending) {
    return (
      <div className="personnel-card" data-testid="person-card-loading">
        <Spin size="large" />
      </div>
    );
  }
  if (card.isError) {
    if (isHttpError(card.error) && (card.error.status === 404 || card.error.status === 400)) {
      return <Result status="404" title={t('personnel:card.notFound')} data-testid="person-card-not-found" />;
    }
    return (
      <div className="personnel-card">
        <ErrorState
          title={t('personnel:card.error')}
          description={errorMessage(card.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void card.refetch()}
          busy={card.isFetching}
          testId="person-card-error"
        />
      </div>
    );
  }
  const data = card.data;
  const none = t('personnel:detail.none');
  return (
    <main className="personnel-card" data-testid="person-card">
      <Card>
        <div className="personnel-card__head">
          <PersonAvatar url={data.avatar} size={72} />
          <div>
            <Typography.Title level={3} className="personnel-card__name" data-testid="person-card-name">
              {data.name}
            </Typography.Title>
            <Typography.Text type="secondary">{data.projectName}</Typography.Text>
          </div>
        </div>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('personnel:field.status')}>
            <PersonStatusTag status={data.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.unit')}>{data.unitName ?? none}</Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.craft')}>{data.craftName ?? none}</Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.entryDate')}>{data.entryDate}</Descriptions.Item>
          <Descriptions.Item label={t('personnel:card.certificates')}>
            {data.certificates.length > 0
              ? data.certificates.map((number) => <Tag key={number}>{number}</Tag>)
              : t('personnel:detail.noCertificates')}
          </Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.education')}>
            <span data-testid="person-card-education">
              {t('personnel:card.educationCount', { count: data.safetyEducationCount })}
            </span>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Text type="secondary" className="personnel-card__foot">
          {t('personnel:card.poweredBy')}
        </Typography.Text>
      </Card>
    </main>
  );
}
