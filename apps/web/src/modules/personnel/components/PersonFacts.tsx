import type { Person, PersonSensitive } from '@lintel/contracts/personnel';
import { Card, Descriptions, Empty, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentList } from '../../../components/project/AttachmentList';
import { AgeWarningTag } from './AgeWarningTag';
import { PersonStatusTag } from './PersonStatusTag';
import { SensitiveReveal } from './SensitiveReveal';

/**
 * Everything recorded about a person (spec 001 §3). The ID number and phones come masked from the server;
 * `canReveal` (the viewSensitive right) offers "show in full" (issue 17).
 */
export function PersonFacts({ person, canReveal = false }: { person: Person; canReveal?: boolean }) {
  const { t } = useTranslation();
  const none = t('personnel:detail.none');
  const text = (value: string | null | undefined) => value || none;
  const [full, setFull] = useState<PersonSensitive | null>(null);
  const values = full && full._id === person._id ? full : person;
  return (
    <>
      <Card
        data-testid="person-facts"
        extra={canReveal ? <SensitiveReveal person={person} shown={full} onChange={setFull} /> : null}
      >
        <Descriptions column={{ xs: 1, md: 2 }} size="middle">
          <Descriptions.Item label={t('personnel:field.status')}>
            <PersonStatusTag status={person.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.idNumber')}>
            <span data-testid="person-id">{values.idNumber}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.sex')}>
            {t(`personnel:sex.${person.sex}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.birthDate')}>{person.birthDate}</Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.age')}>
            {person.age} <AgeWarningTag age={person.age} testId="person-age-warning" />
          </Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.bloodType')}>
            {t(`personnel:bloodType.${person.bloodType}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.phone')}>
            <span data-testid="person-phone-value">{text(values.phone)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.unit')}>
            {person.unit ? (
              <>
                {person.unit.name}
                {person.unit.deleted ? (
                  <Tag className="personnel__deleted">{t('personnel:detail.unitDeleted')}</Tag>
                ) : null}
              </>
            ) : (
              none
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.craft')}>{text(person.craft?.name)}</Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.rule')}>{text(person.rule?.name)}</Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.team')}>{text(person.team)}</Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.contact')}>
            {text(person.teamContact)}
          </Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.contactPhone')}>
            <span data-testid="person-team-phone-value">{text(values.teamPhone)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.entryDate')}>{person.entryDate}</Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.exitDate')}>{text(person.exitDate)}</Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.certificates')}>
            {person.certificates.length > 0
              ? person.certificates.map((number) => <Tag key={number}>{number}</Tag>)
              : t('personnel:detail.noCertificates')}
          </Descriptions.Item>
          <Descriptions.Item label={t('personnel:field.remark')} span={2}>
            <Typography.Text className="personnel__remark">{text(person.remark)}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('personnel:field.education')} data-testid="person-education-list">
        {person.safetyEducation.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('personnel:detail.noEducation')} />
        ) : (
          <ul className="personnel-education">
            {person.safetyEducation.map((record, index) => (
              // Records have no id of their own; their order is the record's.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <li key={index} className="personnel-education__item">
                <Typography.Text type="secondary">{record.date}</Typography.Text>
                <span className="personnel-education__content">{record.content}</span>
                {record.hours !== undefined ? (
                  <Typography.Text type="secondary">
                    {t('personnel:detail.educationHours', { hours: record.hours })}
                  </Typography.Text>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('personnel:field.attachments')}>
        {person.attachments.length === 0 ? (
          <Typography.Text type="secondary">{t('personnel:detail.noAttachments')}</Typography.Text>
        ) : (
          <AttachmentList attachments={person.attachments} />
        )}
      </Card>
    </>
  );
}
