import type { Topic, TopicCreate, TopicUpdate } from '@lintel/contracts/topics';
import dayjs from 'dayjs';
import { imageRefs } from '../../components/project/ImagesField';
import { linkInputs, linkItemsOf } from './components/LinksField';
import { EMPTY_TOPIC_VALUES, type TopicFormValues } from './components/TopicForm';

/** An existing topic as the form edits it. */
export function valuesOfTopic(topic: Topic): TopicFormValues {
  return {
    name: topic.name,
    domainId: topic.domainId,
    speciesId: topic.speciesId,
    subcontractId: topic.subcontractId,
    content: topic.content,
    images: topic.images.map((image) => ({
      uid: image._id,
      name: image.name,
      status: 'done' as const,
      ref: image._id,
      url: image.url,
    })),
    mentions: topic.mentions,
    participants: topic.participants,
    priority: topic.priority,
    deadline: topic.deadline ? dayjs(topic.deadline) : null,
    links: linkItemsOf(topic.links),
  };
}

/** The fields every save sends (null clears an optional one). */
function fieldsOf(values: TopicFormValues) {
  return {
    name: values.name.trim(),
    mentions: values.mentions,
    content: values.content ?? '',
    domainId: values.domainId ?? null,
    speciesId: values.speciesId ?? null,
    subcontractId: values.subcontractId ?? null,
    images: imageRefs(values.images),
    participants: values.participants ?? [],
    priority: values.priority,
    deadline: values.deadline ? values.deadline.format('YYYY-MM-DD') : null,
    links: linkInputs(values.links),
  };
}

export function createBody(projectId: string, values: TopicFormValues): TopicCreate {
  return { projectId, ...fieldsOf(values) };
}

export function updateBody(values: TopicFormValues): TopicUpdate {
  return fieldsOf(values);
}

/**
 * A new topic's values; `link=element:<modelId>:<globalId>` (the model viewer's "create problem") starts it
 * linked to that element. A malformed value is ignored.
 */
export function newTopicValues(link: string | null): TopicFormValues {
  const match = /^element:([A-Za-z0-9_-]{1,64}):([^:\s]{1,64})$/.exec(link ?? '');
  if (!match) return EMPTY_TOPIC_VALUES;
  const [, modelId = '', globalId = ''] = match;
  return { ...EMPTY_TOPIC_VALUES, links: [{ key: 'element-0', type: 'element', modelId, globalId }] };
}
