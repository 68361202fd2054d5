// The topics module's texts and styles: this form is the topic form, shown beside the model.
import '../../../topics/locales';
import '../../../topics/topics.css';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateTopic, useDomains } from '../../../topics/api';
import { TopicForm, type TopicFormValues } from '../../../topics/components/TopicForm';
import { createBody, newTopicValues } from '../../../topics/formValues';
import { useTopicSave } from '../../../topics/useTopicSave';
import { modelKeys, useElement, useModel, useModelSettings } from '../../api';
import { domainForElement } from '../../viewpoint/discipline';
import { useViewpointSaver } from '../../viewpoint/useViewpointSaver';
import { RaisePanel } from './RaisePanel';

/**
 * Raising a problem from the selected element without leaving the viewer: the topics module's own form
 * (the same fields, checks and request as its page), the element linked, its discipline chosen, and the
 * view on screen saved as the problem's viewpoint (issue 16). Loaded when it is opened.
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
  const save = useTopicSave(form);
  const viewpoint = useViewpointSaver(projectId);
  const domainId = useElementDomain(projectId, modelId, globalId);
  // One form per element (the panel keys it): the discipline is in the first values when it is known…
  const [initialValues] = useState<TopicFormValues>(() => ({
    ...newTopicValues(`element:${modelId}:${globalId}`),
    domainId,
  }));

  // …else it comes with the project's disciplines; someone who already chose one keeps theirs.
  useEffect(() => {
    if (domainId && !form.isFieldTouched('domainId') && !form.getFieldValue('domainId'))
      form.setFieldValue('domainId', domainId);
  }, [form, domainId]);

  const submit = (values: TopicFormValues) =>
    save(values, async () => {
      const { failed } = await viewpoint.withViewpoint(
        t('modelViewpoint:topicName', { name: elementName }),
        (id) => create.mutateAsync({ ...createBody(projectId, values), viewportId: id }),
      );
      if (failed) void message.warning(t('modelViewpoint:notSaved'));
      else void message.success(t('topics:done.created'));
      // The element's problem list shows the new one.
      void queryClient.invalidateQueries({ queryKey: modelKeys.elementTopics(projectId, modelId, globalId) });
      onDone();
    });

  return (
    <RaisePanel testId="viewer-raise-topic" title={t('modelViewer:raise.title', { name: elementName })}>
      <TopicForm
        form={form}
        projectId={projectId}
        initialValues={initialValues}
        creating
        submitting={create.isPending || viewpoint.busy}
        onSubmit={(values) => void submit(values)}
        onCancel={onDone}
        onChange={() => undefined}
      />
    </RaisePanel>
  );
}

/** The project discipline of the element: its model's discipline tag, else its own from its IFC class. */
function useElementDomain(projectId: string, modelId: string, globalId: string): string | null {
  const element = useElement(projectId, modelId, globalId);
  const domains = useDomains(projectId);
  const model = useModel(projectId, modelId);
  const tags = useModelSettings(projectId, 'model-tags');
  return useMemo(() => {
    if (!element.data || !domains.data) return null;
    const tagIds = new Set(model.data?.tagIds ?? []);
    const modelDisciplines = (tags.data ?? [])
      .filter((tag) => tagIds.has(tag._id) && tag.type === 'discipline')
      .map((tag) => tag.name);
    return domainForElement(domains.data, element.data, modelDisciplines);
  }, [element.data, domains.data, model.data, tags.data]);
}
