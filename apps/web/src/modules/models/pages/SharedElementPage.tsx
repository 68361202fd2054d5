import '../locales';
import '../models.css';
import { Card, Descriptions, Empty, List, Result, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { isHttpError } from '../../../lib/http';
import { useElementSharePage } from '../api';

type Value = string | number | boolean | null;

/**
 * /share/element/:token — what an element's QR code opens, for anyone (no login): the project, the model,
 * the element's attributes and property sets as the project's attribute display allows, and its open
 * topics. Kept light for a phone on site: no workbench, no project calls.
 */
export default function SharedElementPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const page = useElementSharePage(token);
  const none = t('models:share.none');

  const show = (value: Value) => {
    if (value === null || value === '') return none;
    if (typeof value === 'boolean') return value ? t('models:share.yes') : t('models:share.no');
    return String(value);
  };

  if (page.isPending) {
    return (
      <div className="models-share__center" data-testid="element-share-loading">
        <Spin size="large" />
      </div>
    );
  }
  if (page.isError) {
    const status = isHttpError(page.error) ? page.error.status : 0;
    if (status === 404 || status === 400) {
      return (
        <Result
          status="404"
          title={t('models:share.notFound')}
          subTitle={t('models:share.notFoundHint')}
          data-testid="element-share-not-found"
        />
      );
    }
    if (status === 410) {
      return (
        <Result
          status="warning"
          title={t('models:share.gone')}
          subTitle={t('models:share.goneHint')}
          data-testid="element-share-gone"
        />
      );
    }
    return (
      <div className="models-share">
        <ErrorState
          title={t('models:share.error')}
          description={errorMessage(page.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void page.refetch()}
          busy={page.isFetching}
          testId="element-share-error"
        />
      </div>
    );
  }

  const data = page.data;
  const attributeValue = (key: string, value: Value) =>
    key === 'discipline' && typeof value === 'string'
      ? t(`models:discipline.${value}`, { defaultValue: value })
      : show(value);

  return (
    <main className="models-share" data-testid="element-share">
      <Card>
        <div className="models-share__head">
          <Typography.Title level={3} className="models-break" data-testid="element-share-name">
            {data.element.name || data.element.ifcClass}
          </Typography.Title>
          <Typography.Text type="secondary">
            {data.projectName} · {data.modelName}
          </Typography.Text>
        </div>
        {data.attributes.length > 0 ? (
          <Descriptions
            column={1}
            size="small"
            bordered
            className="models-share__section"
            title={t('models:share.attributes')}
            data-testid="element-share-attributes"
            items={data.attributes.map((attribute) => ({
              key: attribute.key,
              label: t(`models:attribute.${attribute.key}`, { defaultValue: attribute.key }),
              children: (
                <span className="models-break">{attributeValue(attribute.key, attribute.value)}</span>
              ),
            }))}
          />
        ) : null}
        {data.propertySets.map((set) => (
          <Descriptions
            key={set.name}
            column={1}
            size="small"
            bordered
            className="models-share__section"
            title={set.name}
            data-testid={`element-share-set-${set.name}`}
            items={
              set.properties.length === 0
                ? [{ key: 'none', label: none, children: none }]
                : set.properties.map((property) => ({
                    key: property.name,
                    label: property.name,
                    children: <span className="models-break">{show(property.value)}</span>,
                  }))
            }
          />
        ))}
        <div className="models-share__section" data-testid="element-share-topics">
          <Typography.Title level={5}>
            {t('models:share.openTopics', { count: data.openTopics.length })}
          </Typography.Title>
          {data.openTopics.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('models:share.noTopics')} />
          ) : (
            <List
              size="small"
              dataSource={data.openTopics}
              renderItem={(topic) => (
                <List.Item data-testid={`element-share-topic-${topic.number}`}>
                  <List.Item.Meta
                    title={
                      <span className="models-break">
                        #{topic.number} {topic.name}
                      </span>
                    }
                    description={
                      topic.deadline
                        ? t('models:share.deadline', { date: formatDate(topic.deadline) })
                        : t('models:share.noDeadline')
                    }
                  />
                  <Tag color="processing">
                    {t(`models:share.topicStatus.${topic.status}`, { defaultValue: topic.status })}
                  </Tag>
                </List.Item>
              )}
            />
          )}
        </div>
        <Typography.Text type="secondary" className="models-share__foot">
          {t('models:share.poweredBy')}
        </Typography.Text>
      </Card>
    </main>
  );
}
