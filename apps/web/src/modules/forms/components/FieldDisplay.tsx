import { PaperClipOutlined } from '@ant-design/icons';
import type { FormField, SubListColumn } from '@lintel/contracts/forms';
import { Image, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentItem } from '../../../components/project/AttachmentsField';
import type { ImageItem } from '../../../components/project/ImagesField';
import { useProjectMembers } from '../../../components/project/members';
import { displayName } from '../../../lib/people';
import { fileUrl } from '../../../lib/projectFiles';
import { parseDateValue, type SignatureState, storedFileUrl } from '../formValues';
import { useFormStructures } from '../lookups';
import { AddressText, type AddressValue } from './AddressInput';

const DISPLAY_FORMATS = {
  date: 'YYYY-MM-DD',
  datetime: 'YYYY-MM-DD HH:mm',
  month: 'YYYY-MM',
  time: 'HH:mm',
} as const;

/** A value as text, for the detail page and for fields the actor may only read. */
export function FieldDisplay({
  field,
  value,
  projectId,
  testId,
}: {
  field: FormField | SubListColumn;
  value: unknown;
  projectId: string;
  testId: string;
}) {
  const { t } = useTranslation('forms');
  const empty = (
    <Typography.Text type="secondary" data-testid={testId} data-empty="true">
      {t('renderer.empty')}
    </Typography.Text>
  );
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
    return field.kind === 'seal' ? <span data-testid={testId}>{t('renderer.sealNotAffixed')}</span> : empty;
  }
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return (
        <span className="forms-display__text" data-testid={testId}>
          {String(value)}
        </span>
      );
    case 'number':
      return (
        <span data-testid={testId}>
          {String(value)}
          {field.unit ? ` ${field.unit}` : ''}
        </span>
      );
    case 'datetime': {
      const parsed = typeof value === 'string' ? parseDateValue(field.dateType, value) : null;
      return (
        <span data-testid={testId}>
          {parsed ? parsed.format(DISPLAY_FORMATS[field.dateType]) : String(value)}
        </span>
      );
    }
    case 'select':
    case 'multiSelect': {
      const chosen = Array.isArray(value) ? (value as string[]) : [String(value)];
      const label = (v: string) => field.options.find((option) => option.value === v)?.label ?? v;
      return <span data-testid={testId}>{chosen.map(label).join(', ')}</span>;
    }
    case 'image':
      return (
        <div className="forms-display__images" data-testid={testId}>
          <Image.PreviewGroup>
            {(value as ImageItem[])
              .filter((item) => item.url)
              .map((item, index) => (
                <Image
                  key={item.uid}
                  src={fileUrl(item.url as string, true)}
                  preview={{ src: fileUrl(item.url as string) }}
                  alt={t('renderer.imageAlt', { index: index + 1 })}
                  width={field.imageSize === 'large' ? 160 : field.imageSize === 'small' ? 64 : 96}
                />
              ))}
          </Image.PreviewGroup>
        </div>
      );
    case 'attachment':
      return (
        <ul className="forms-display__files" data-testid={testId}>
          {(value as AttachmentItem[]).map((item, index) =>
            item.fileId ? (
              <li key={item.uid}>
                <PaperClipOutlined aria-hidden />{' '}
                <a href={fileUrl(storedFileUrl(item.fileId))} target="_blank" rel="noreferrer">
                  {item.name && item.name !== item.fileId
                    ? item.name
                    : t('renderer.attachmentFallback', { index: index + 1 })}
                </a>
              </li>
            ) : null,
          )}
        </ul>
      );
    case 'signature': {
      const state = value as SignatureState;
      return state.fileId ? (
        <img
          className="forms-display__signature"
          src={fileUrl(storedFileUrl(state.fileId))}
          alt={t('renderer.signatureAlt')}
          data-testid={testId}
        />
      ) : (
        empty
      );
    }
    case 'seal':
      return (
        <span className="forms-seal" data-testid={testId}>
          {value === true ? t('renderer.sealAffixed') : t('renderer.sealNotAffixed')}
          {value === true && field.sealFileId ? (
            <img
              className="forms-seal__image"
              src={fileUrl(storedFileUrl(field.sealFileId))}
              alt={t('renderer.sealAlt')}
            />
          ) : null}
        </span>
      );
    case 'address':
      return (
        <span data-testid={testId}>
          <AddressText value={value as AddressValue} />
        </span>
      );
    case 'person':
      return <PeopleText projectId={projectId} ids={value as string[]} testId={testId} />;
    case 'department':
      return <DepartmentsText projectId={projectId} ids={value as string[]} testId={testId} />;
    default:
      return null;
  }
}

function PeopleText({ projectId, ids, testId }: { projectId: string; ids: string[]; testId: string }) {
  const { t } = useTranslation('forms');
  const members = useProjectMembers(projectId);
  const names = useMemo(
    () =>
      new Map(
        (members.data ?? []).map((member) => [member.userId, displayName(member.user) ?? member.userId]),
      ),
    [members.data],
  );
  return (
    <span data-testid={testId}>
      {ids.map((id) => (
        <Tag key={id}>{names.get(id) ?? (members.isPending ? '…' : t('renderer.unknownPerson'))}</Tag>
      ))}
    </span>
  );
}

function DepartmentsText({ projectId, ids, testId }: { projectId: string; ids: string[]; testId: string }) {
  const { t } = useTranslation('forms');
  const structures = useFormStructures(projectId);
  const names = useMemo(
    () => new Map((structures.data ?? []).map((s) => [s._id, s.name])),
    [structures.data],
  );
  return (
    <span data-testid={testId}>
      {ids.map((id) => (
        <Tag key={id}>{names.get(id) ?? (structures.isPending ? '…' : t('renderer.unknownDepartment'))}</Tag>
      ))}
    </span>
  );
}
