import { DownloadOutlined, EyeOutlined, FileOutlined, LinkOutlined } from '@ant-design/icons';
import { type TopicLinkAnswer, topicOptionLabel } from '@lintel/contracts/topics';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../app/useLanguage';
import { lazyComponent } from '../../../lib/lazyComponent';
import { fileUrl } from '../../../lib/projectFiles';
import { modelViewerPath } from '../../models/paths';
import { topicPath } from '../paths';
import { TOPIC_RECORD_MODULE } from './LinksField';

// The file preview loads when a file is first opened.
const FilePreviewModal = lazyComponent(
  () => import('../../../components/file-preview/FilePreviewModal').then((module) => module.FilePreviewModal),
  { when: (props) => props.fileId !== null },
);

const linkKey = (link: TopicLinkAnswer) =>
  link.type === 'element' ? `element-${link.modelId}-${link.globalId}` : `${link.type}-${link.id}`;

/** A topic's links: documents open in the preview or download; problems open; model elements are named. */
export function TopicLinks({ projectId, links }: { projectId: string; links: readonly TopicLinkAnswer[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [previewing, setPreviewing] = useState<string | null>(null);
  if (links.length === 0) return <Typography.Text type="secondary">{t('topics:links.none')}</Typography.Text>;

  const body = (link: TopicLinkAnswer) => {
    if (link.type === 'element') {
      // "View in model": the viewer opens the element's model and selects and frames the element.
      const element = { modelId: link.modelId, globalId: link.globalId };
      return (
        <>
          <span>{t('topics:links.element', { globalId: link.globalId })}</span>
          <Link
            to={modelViewerPath(projectId, { models: [link.modelId], element })}
            data-testid="topic-link-view-in-model"
          >
            {t('topics:links.viewInModel')}
          </Link>
        </>
      );
    }
    if (link.type === 'record') {
      return link.module === TOPIC_RECORD_MODULE ? (
        <Link to={topicPath(projectId, link.id)}>{t('topics:links.topic')}</Link>
      ) : (
        <span>{t('topics:links.record', { module: link.module })}</span>
      );
    }
    if (!link.url || !link.name)
      return <Typography.Text type="secondary">{t('topics:links.fileMissing')}</Typography.Text>;
    return (
      <>
        <span className="topic-links__name">{link.name}</span>
        <Button
          type="link"
          size="small"
          icon={<EyeOutlined />}
          aria-label={t('topics:links.preview', { name: link.name })}
          onClick={() => setPreviewing(link.id)}
        />
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          href={fileUrl(link.url)}
          download={link.name}
          aria-label={t('topics:links.download', { name: link.name })}
        />
      </>
    );
  };

  return (
    <>
      <ul className="topic-links" data-testid="topic-links">
        {links.map((link) => (
          <li key={linkKey(link)} className="topic-links__item" data-type={link.type}>
            {link.type === 'file' ? <FileOutlined aria-hidden /> : <LinkOutlined aria-hidden />}
            <Typography.Text type="secondary">
              {topicOptionLabel('linkTypes', link.type, language)}
            </Typography.Text>
            {body(link)}
          </li>
        ))}
      </ul>
      <FilePreviewModal fileId={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
