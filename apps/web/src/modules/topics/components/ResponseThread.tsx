import { DeleteOutlined, UserOutlined } from '@ant-design/icons';
import { TOPIC_RESPONSE_IMAGES_MAX, TOPIC_RESPONSE_MAX_LENGTH } from '@lintel/contracts/topics';
import { App, Avatar, Button, Empty, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ErrorState } from '../../../components/ErrorState';
import {
  type ImageItem,
  ImagesField,
  imageRefs,
  imagesFailed,
  imagesPending,
} from '../../../components/project/ImagesField';
import { errorMessage } from '../../../lib/errors';
import { showFieldErrors } from '../../../lib/fieldErrors';
import { fileUrl } from '../../../lib/projectFiles';
import { useAddResponse, useDeleteResponse, useResponses } from '../api';
import { formatTime, userName } from '../format';
import { ImageGallery } from './ImageGallery';

interface ResponseValues {
  content: string;
  images: ImageItem[];
}

/** The responses, newest last, and the box to add one (text and/or images). */
export function ResponseThread({
  projectId,
  topicId,
  canRespond,
}: {
  projectId: string;
  topicId: string;
  canRespond: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const responses = useResponses(projectId, topicId);
  const add = useAddResponse(projectId, topicId);
  const remove = useDeleteResponse(projectId, topicId);
  const [form] = Form.useForm<ResponseValues>();
  const rows = responses.data ?? [];

  const submit = async (values: ResponseValues) => {
    const content = (values.content ?? '').trim();
    const images = values.images ?? [];
    if (imagesPending(images)) return void message.warning(t('topics:form.uploading'));
    if (imagesFailed(images)) return void message.error(t('topics:form.uploadFailed'));
    if (!content && images.length === 0) {
      form.setFields([{ name: 'content', errors: [t('topics:responses.required')] }]);
      return;
    }
    try {
      await add.mutateAsync({ content, images: imageRefs(images) });
      form.resetFields();
      void message.success(t('topics:done.responded'));
    } catch (error) {
      if (!showFieldErrors(form, error, ['content', 'images'])) void message.error(errorMessage(error, t));
    }
  };

  return (
    <section className="topic-thread" aria-label={t('topics:responses.title', { count: rows.length })}>
      {/* Without antd's reset a heading keeps the browser's top margin: at the top of its card that was a gap. */}
      <Typography.Title level={5} className="topic-thread__title">
        {t('topics:responses.title', { count: rows.length })}
      </Typography.Title>
      {responses.isError ? (
        <ErrorState
          title={t('topics:responses.loadError')}
          description={errorMessage(responses.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void responses.refetch()}
          busy={responses.isFetching}
        />
      ) : rows.length === 0 && !responses.isPending ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('topics:responses.empty')} />
      ) : (
        <ol className="topic-thread__list" data-testid="topic-responses">
          {rows.map((response) => (
            <li
              key={response._id}
              className="topic-thread__item"
              data-testid={`topic-response-${response._id}`}
            >
              <Avatar
                src={response.author?.avatar ? fileUrl(response.author.avatar) : undefined}
                icon={<UserOutlined />}
                alt=""
              />
              <div className="topic-thread__body">
                <div className="topic-thread__head">
                  <Typography.Text strong>
                    {userName(response.author) ?? t('topics:responses.unknownAuthor')}
                  </Typography.Text>
                  <Typography.Text type="secondary">{formatTime(response.createdAt)}</Typography.Text>
                  {response.deletable ? (
                    <ConfirmDanger
                      title={t('topics:responses.deleteConfirm')}
                      okTestId={`topic-response-delete-ok-${response._id}`}
                      onConfirm={() =>
                        remove.mutateAsync(response._id).then(
                          () => void message.success(t('topics:done.responseDeleted')),
                          (error: unknown) => void message.error(errorMessage(error, t)),
                        )
                      }
                    >
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('topics:responses.delete')}
                        data-testid={`topic-response-delete-${response._id}`}
                      />
                    </ConfirmDanger>
                  ) : null}
                </div>
                {response.content ? <p className="topic-thread__text">{response.content}</p> : null}
                <ImageGallery images={response.images} testId={`topic-response-images-${response._id}`} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {canRespond ? (
        <Form<ResponseValues>
          form={form}
          layout="vertical"
          initialValues={{ content: '', images: [] }}
          onFinish={(values) => void submit(values)}
          className="topic-thread__composer"
        >
          <Form.Item name="content" label={t('topics:responses.label')}>
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 8 }}
              showCount
              maxLength={TOPIC_RESPONSE_MAX_LENGTH}
              placeholder={t('topics:responses.placeholder')}
              data-testid="topic-response-input"
            />
          </Form.Item>
          <Form.Item name="images">
            <ImagesField
              projectId={projectId}
              max={TOPIC_RESPONSE_IMAGES_MAX}
              testId="topic-response-images"
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={add.isPending}
            data-testid="topic-response-submit"
          >
            {t('topics:responses.submit')}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
