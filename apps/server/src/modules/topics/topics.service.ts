import type { User } from '@lintel/contracts/account';
import { type FileOwnerPort, opensAny } from '../files/attachments';
import { createTopicAnswers } from './topics.answers';
import { createTopicBase, type TopicContext, type TopicsServiceDeps } from './topics.context';
import { createTopicPeopleActions } from './topics.people';
import { createTopicReads } from './topics.reads';
import { createReferenceCheck } from './topics.references';
import { TOPIC_FILES } from './topics.repository';
import { createTopicResponses } from './topics.responses';
import { createTopicVisibility } from './topics.visibility';
import { createTopicWrites } from './topics.writes';

export { TOPIC_FILTERS, TOPICS_MODULE, type TopicsServiceDeps, topicLink } from './topics.context';
export { TOPIC_FILES } from './topics.repository';

/**
 * Problem topics of a project (topic-service, spec 000 §7, spec 001 §3–§5). Rights (module problemTopics):
 * every call needs view in the project (non-members and other tenants 404, without it 403), and the view
 * scope narrows which topics one sees (all; relatedToMe: created, mentioned, participating or following;
 * ownDepartment(AndBelow): also those created in one's department (and below)). Creating needs create;
 * the creator always edits and deletes their own, others need edit / delete; the creator or a project
 * admin closes and reopens; the creator, the mentioned, the participants and editors respond.
 */
export function createTopicsService(deps: TopicsServiceDeps) {
  const base = createTopicBase(deps);
  const visibility = createTopicVisibility(base);
  const context: TopicContext = {
    ...base,
    ...visibility,
    ...createReferenceCheck(base),
    ...createTopicAnswers({ ...base, ...visibility }),
  };
  return {
    ...createTopicReads(context),
    ...createTopicWrites(context),
    ...createTopicPeopleActions(context),
    ...createTopicResponses(context),
    /** The files module's question (issue 14): may the user open one of these topics? */
    fileOwner: {
      owner: TOPIC_FILES,
      canRead: (user: User, ids: readonly string[]) => opensAny(ids, (id) => context.open(user, id)),
    } satisfies FileOwnerPort,
  };
}
export type TopicsService = ReturnType<typeof createTopicsService>;
