import '../locales';
import '../topics.css';
import type { Topic } from '@lintel/contracts/topics';
import { App, Button, Card, Form, Result, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { PageSpinner } from '../../../components/PageSpinner';
import { UnsavedChangesProvider, useUnsavedChanges } from '../../../components/UnsavedChanges';
import { errorMessage } from '../../../lib/errors';
import { isHttpError } from '../../../lib/http';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { useCreateTopic, useTopic, useTopicRight, useUpdateTopic } from '../api';
import { TopicForm, type TopicFormValues } from '../components/TopicForm';
import { createBody, newTopicValues, updateBody, valuesOfTopic } from '../formValues';
import { topicPath, topicsPath } from '../paths';
import { useTopicSave } from '../useTopicSave';

/** /projects/:projectId/topics/new and …/topics/:topicId/edit — raise a problem, or change one. */
export default function TopicFormPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        {/* Leaving with unsaved changes asks first (links, the menu, back/forward, closing the tab). */}
        <UnsavedChangesProvider>
          <TopicFormScreen />
        </UnsavedChangesProvider>
      </WorkbenchLayout>
    </App>
  );
}

function TopicFormScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { topicId } = useParams();
  const { projectId } = useCurrentProject();
  const right = useTopicRight(projectId, 'create');
  const topic = useTopic(projectId, topicId ?? '');
  const back = () => void navigate(topicId ? topicPath(projectId, topicId) : topicsPath(projectId));

  const refusal = (title: string, testId: string, status: '403' | '404' | 'warning' = '403') => (
    <Result
      status={status}
      title={title}
      extra={<Button onClick={back}>{t('topics:action.back')}</Button>}
      data-testid={testId}
    />
  );

  if (!topicId) {
    if (right.isPending) return <PageSpinner />;
    if (right.data !== true) return refusal(t('topics:form.noRight'), 'topic-no-right');
    return <TopicFormBody projectId={projectId} />;
  }
  if (topic.isPending) return <PageSpinner />;
  if (topic.isError) {
    if (isHttpError(topic.error) && topic.error.status === 404)
      return refusal(t('topics:detail.notFound'), 'topic-not-found', '404');
    return (
      <ErrorState
        title={t('topics:detail.error')}
        description={errorMessage(topic.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void topic.refetch()}
        busy={topic.isFetching}
        testId="topic-error"
      />
    );
  }
  if (!topic.data.abilities.edit) return refusal(t('topics:form.noEditRight'), 'topic-no-right');
  if (topic.data.status === 'completed')
    return refusal(t('topics:form.completedLocked'), 'topic-completed', 'warning');
  return <TopicFormBody projectId={projectId} topic={topic.data} />;
}

function TopicFormBody({ projectId, topic }: { projectId: string; topic?: Topic }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<TopicFormValues>();
  const unsaved = useUnsavedChanges();
  const create = useCreateTopic(projectId);
  const update = useUpdateTopic(projectId);
  const [search] = useSearchParams();
  const link = search.get('link');
  const initialValues = useMemo(() => (topic ? valuesOfTopic(topic) : newTopicValues(link)), [topic, link]);
  const knownUsers = useMemo(
    () => [...(topic?.mentionedUsers ?? []), ...(topic?.participantUsers ?? [])],
    [topic],
  );

  const save = useTopicSave(form);
  const submit = (values: TopicFormValues) =>
    save(values, async () => {
      const saved = topic
        ? await update.mutateAsync({ id: topic._id, ...updateBody(values) })
        : await create.mutateAsync(createBody(projectId, values));
      void message.success(topic ? t('topics:done.saved') : t('topics:done.created'));
      unsaved.setDirty(false);
      void navigate(topicPath(projectId, saved._id));
    });

  return (
    <div className="topic-form" data-testid="topic-form-page">
      <Card variant="borderless">
        <Typography.Title level={3}>
          {topic ? t('topics:form.editTitle', { number: topic.number }) : t('topics:form.createTitle')}
        </Typography.Title>
        <TopicForm
          form={form}
          projectId={projectId}
          initialValues={initialValues}
          creating={!topic}
          topicId={topic?._id}
          knownUsers={knownUsers}
          submitting={create.isPending || update.isPending}
          onSubmit={(values) => void submit(values)}
          onCancel={() => void navigate(topic ? topicPath(projectId, topic._id) : topicsPath(projectId))}
          onChange={() => unsaved.setDirty(true)}
        />
      </Card>
    </div>
  );
}
