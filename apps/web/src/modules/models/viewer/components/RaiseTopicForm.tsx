// The topics module's texts and styles: this form is the topic form, shown beside the model.
import '../../../topics/locales';
import '../../../topics/topics.css';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { imagesFailed, imagesPending } from '../../../../components/project/ImagesField';
import { errorMessage } from '../../../../lib/errors';
import { showFieldErrors } from '../../../../lib/fieldErrors';
import { useCreateTopic } from '../../../topics/api';
import { linksPending } from '../../../topics/components/LinksField';
import { TOPIC_FORM_FIELDS, TopicForm, type TopicFormValues } from '../../../topics/components/TopicForm';
import { createBody, newTopicValues } from '../../../topics/formValues';
import { modelKeys } from '../../api';

/**
 * Raising a problem from the selected element without leaving the viewer: the topics module's own form
 * (the same fields, checks and request as its page), the element linked. Loaded when it is opened.
 */
export default function RaiseTopicForm(props: {
  projectId: string;
  modelId: string;
  globalId: string;
  elementName: string;
  onDone: () => void;
}) {
  const { projectId, modelId, globalId, elementName, onDone } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TopicFormValues>();
  const create = useCreateTopic(projectId);
  const initialValues = useMemo(() => newTopicValues(`element:${modelId}:${globalId}`), [modelId, globalId]);

  const submit = async (values: TopicFormValues) => {
    if (imagesPending(values.images) || linksPending(values.links)) {
      void message.warning(t('topics:form.uploading'));
      return;
    }
    if (imagesFailed(values.images)) {
      void message.error(t('topics:form.uploadFailed'));
      return;
    }
    try {
      await create.mutateAsync(createBody(projectId, values));
      void message.success(t('topics:done.created'));
      // The element's problem list shows the new one.
      void queryClient.invalidateQueries({ queryKey: modelKeys.elementTopics(projectId, modelId, globalId) });
      onDone();
    } catch (error) {
      if (!showFieldErrors(form, error, TOPIC_FORM_FIELDS)) void message.error(errorMessage(error, t));
    }
  };

  return (
    <section className="viewer-raise" data-testid="viewer-raise-topic">
      <Typography.Title level={5} className="viewer-properties__section">
        {t('modelViewer:raise.title', { name: elementName })}
      </Typography.Title>
      <TopicForm
        form={form}
        projectId={projectId}
        initialValues={initialValues}
        creating
        submitting={create.isPending}
        onSubmit={(values) => void submit(values)}
        onCancel={onDone}
        onChange={() => undefined}
      />
    </section>
  );
}
