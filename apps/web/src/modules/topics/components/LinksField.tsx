import { DeleteOutlined, FileOutlined, LinkOutlined, UploadOutlined } from '@ant-design/icons';
import type { TopicLink, TopicLinkAnswer } from '@lintel/contracts/topics';
import { TOPIC_LINKS_MAX, topicOptionLabel } from '@lintel/contracts/topics';
import { App, Button, Select, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';
import { errorMessage } from '../../../lib/errors';
import { uploadAttachment } from '../../../lib/projectFiles';
import { useTopicSearch } from '../api';

/** A link of the form: as the topic answered it, or being added (a file on its way up). */
export type LinkItem = { key: string; label?: string; uploading?: boolean } & TopicLinkAnswer;

export const linksPending = (items: readonly LinkItem[] = []) => items.some((item) => item.uploading);

/** The links as the server takes them (an upload still running is left out: the form waits for it). */
export function linkInputs(items: readonly LinkItem[] = []): TopicLink[] {
  return items.flatMap((item): TopicLink[] => {
    if (item.uploading) return [];
    if (item.type === 'element') return [{ type: 'element', modelId: item.modelId, globalId: item.globalId }];
    // A linked document deleted since (no name any more) would make the save refuse: it is left out.
    if (item.type === 'file') return item.name === null ? [] : [{ type: 'file', id: item.id }];
    return [{ type: 'record', module: item.module, id: item.id }];
  });
}

export function linkItemsOf(links: readonly TopicLinkAnswer[]): LinkItem[] {
  return links.map((link, index) => ({ ...link, key: `${link.type}-${index}` }));
}

/** Links of another topic are stored with this module name. */
export const TOPIC_RECORD_MODULE = 'topic';

interface LinksFieldProps {
  projectId: string;
  /** The topic being edited: it cannot link to itself. */
  selfId?: string;
  id?: string;
  value?: LinkItem[];
  onChange?: (value: LinkItem[]) => void;
}

/**
 * Links: documents (uploaded into the project's files) and other problems of the project (searched by
 * title). Model element links come with the model viewer: existing ones are shown and kept, read-only.
 */
export function LinksField({ projectId, selfId, id, value = [], onChange }: LinksFieldProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { message } = App.useApp();
  const items = useRef(value);
  items.current = value;
  const [searching, setSearching] = useState(false);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const found = useTopicSearch(projectId, keyword, searching);
  const full = value.length >= TOPIC_LINKS_MAX;

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const emit = (next: LinkItem[]) => {
    items.current = next;
    onChange?.(next);
  };

  const addFile = (file: File) => {
    const key = `upload-${Date.now()}-${Math.random()}`;
    emit([...items.current, { key, type: 'file', id: '', name: file.name, url: null, uploading: true }]);
    uploadAttachment(projectId, file, { onProgress: () => undefined, signal: new AbortController().signal })
      .then((fileId) =>
        emit(
          items.current.map((item) => (item.key === key ? { ...item, id: fileId, uploading: false } : item)),
        ),
      )
      .catch((error: unknown) => {
        emit(items.current.filter((item) => item.key !== key));
        void message.error(
          t('topics:links.uploadFailed', { name: file.name, reason: errorMessage(error, t) }),
        );
      });
  };

  const addTopic = (topicId: string) => {
    const topic = found.data?.find((row) => row._id === topicId);
    setSearching(false);
    setTyped('');
    if (items.current.some((item) => item.type === 'record' && item.id === topicId)) return;
    emit([
      ...items.current,
      {
        key: `topic-${topicId}`,
        type: 'record',
        module: TOPIC_RECORD_MODULE,
        id: topicId,
        label: topic ? `#${topic.number} ${topic.name}` : undefined,
      },
    ]);
  };

  const describe = (item: LinkItem): string => {
    if (item.type === 'element') return t('topics:links.element', { globalId: item.globalId });
    if (item.type === 'file') return item.name ?? t('topics:links.fileMissing');
    if (item.label) return item.label;
    return item.module === TOPIC_RECORD_MODULE
      ? t('topics:links.topic')
      : t('topics:links.record', { module: item.module });
  };

  return (
    <div className="topic-links-field" data-testid="topic-links-field">
      {value.length > 0 ? (
        <ul className="topic-links" data-testid="topic-links-list">
          {value.map((item) => (
            <li
              key={item.key}
              className="topic-links__item"
              data-testid="topic-link-item"
              data-type={item.type}
            >
              {item.type === 'file' ? <FileOutlined aria-hidden /> : <LinkOutlined aria-hidden />}
              <Typography.Text type="secondary">
                {topicOptionLabel('linkTypes', item.type, language)}
              </Typography.Text>
              <span className="topic-links__name">{describe(item)}</span>
              {item.uploading ? (
                <Typography.Text type="secondary">{t('topics:links.uploading')}</Typography.Text>
              ) : null}
              {item.type === 'element' ? (
                <Typography.Text type="secondary">{t('topics:links.readOnly')}</Typography.Text>
              ) : (
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('topics:links.remove', { name: describe(item) })}
                  onClick={() => emit(items.current.filter((other) => other.key !== item.key))}
                  data-testid="topic-link-remove"
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <Space wrap>
        <Upload
          multiple
          showUploadList={false}
          disabled={full}
          beforeUpload={(file) => {
            if (items.current.length >= TOPIC_LINKS_MAX) {
              void message.error(t('topics:links.tooMany', { max: TOPIC_LINKS_MAX }));
              return Upload.LIST_IGNORE;
            }
            addFile(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button id={id} icon={<UploadOutlined />} disabled={full} data-testid="topic-link-add-file">
            {t('topics:links.addFile')}
          </Button>
        </Upload>
        {searching ? (
          <Select
            autoFocus
            defaultOpen
            showSearch
            filterOption={false}
            className="topic-links__search"
            placeholder={t('topics:links.searchTopic')}
            onSearch={setTyped}
            onChange={addTopic}
            onBlur={() => setSearching(false)}
            loading={found.isFetching}
            notFoundContent={found.isFetching ? t('topics:links.searching') : t('topics:links.noTopic')}
            options={(found.data ?? [])
              .filter((row) => row._id !== selfId)
              .map((row) => ({ value: row._id, label: `#${row.number} ${row.name}` }))}
            data-testid="topic-link-search"
          />
        ) : (
          <Button
            icon={<LinkOutlined />}
            disabled={full}
            onClick={() => setSearching(true)}
            data-testid="topic-link-add-topic"
          >
            {t('topics:links.addTopic')}
          </Button>
        )}
      </Space>
    </div>
  );
}
