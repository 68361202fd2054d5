import type { CountResult } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import type { TopicResponse } from '@lintel/contracts/topics';
import { newId } from '../../db/ids';
import { toJson } from '../../db/json';
import { AppError } from '../../plugins/app-error';
import { templated } from '../notifications/index';
import { withTopicTables } from './tables';
import { excerpt, type ResponseBody, type TopicContext, topicLink } from './topics.context';
import { markRead } from './topics.people';
import { presentResponse } from './topics.presenter';
import { createTopicsRepository } from './topics.repository';

/** A topic's thread: its responses, answering (which notifies the others) and deleting one. */
export function createTopicResponses(ctx: TopicContext) {
  const {
    db,
    clock,
    notify,
    repository,
    directory,
    now,
    userIds,
    quietly,
    open,
    abilitiesOf,
    checkReferences,
  } = ctx;

  return {
    async responses(
      user: User,
      id: string,
      query: { skip: number; limit: number; only_count?: boolean | undefined; expand?: boolean | undefined },
    ): Promise<TopicResponse[] | CountResult> {
      // Whoever may see the topic sees its whole thread.
      const { scope } = await open(user, id);
      if (query.only_count) return { count: await repository.countResponses(id) };
      const rows = await repository.responses(id, query.skip, query.limit);
      const images = await directory.files(rows.flatMap((r) => userIds(r.images)));
      const files = new Map(images.map((file) => [file.id, file]));
      const authors = query.expand
        ? await directory.users(rows.flatMap((r) => (r.author_id ? [r.author_id] : [])))
        : null;
      return rows.map((response) =>
        presentResponse(
          response,
          userIds(response.images).flatMap((fileId) => (files.has(fileId) ? [files.get(fileId)!] : [])),
          response.author_id === user._id || scope.role === 'admin',
          authors ? (response.author_id ? (authors.get(response.author_id) ?? null) : null) : undefined,
        ),
      );
    },

    async respond(user: User, id: string, body: ResponseBody): Promise<TopicResponse> {
      const opened = await open(user, id);
      const { row } = opened;
      if (row.status === 'completed') throw new AppError(409, 'topics.completed');
      if (!(await abilitiesOf(user, opened)).respond) throw new AppError(403, 'topics.notResponder');
      const images = [...new Set(body.images ?? [])];
      await checkReferences(row.project_id, { images }, user);
      const responseId = newId(clock.now().getTime());
      const at = now();
      const content = body.content ?? '';
      await db.transaction().execute(async (trx) => {
        const repo = createTopicsRepository(withTopicTables(trx));
        await repo.insertResponse(
          {
            id: responseId,
            topic_id: id,
            project_id: row.project_id,
            author_id: user._id,
            content,
            images: toJson(images),
            created_at: at,
          },
          at,
        );
        await repo.markUnreadExcept(id, user._id);
        await markRead(repo, row, user._id, now());
      });
      const people = await repository.people(id);
      const receivers = [
        ...(row.creator_id ? [row.creator_id] : []),
        ...people
          .filter((p) => p.mentioned === 1 || p.participant === 1 || p.following === 1)
          .map((p) => p.user_id),
      ].filter((p) => p !== user._id);
      await quietly('could not notify the people of a topic response', id, () =>
        notify(receivers, {
          module: 'topic',
          ...templated('topicResponse', { number: row.number, name: row.name, excerpt: excerpt(content) }),
          link: topicLink(row.project_id, id),
          projectId: row.project_id,
          recordId: id,
          senderId: user._id,
        }),
      );
      const saved = (await repository.findResponse(responseId))!;
      return presentResponse(saved, await directory.files(images), true, undefined);
    },

    /** Its author or a project admin. */
    async removeResponse(user: User, id: string, responseId: string): Promise<void> {
      const { scope } = await open(user, id);
      const response = await repository.findResponse(responseId);
      if (!response || response.topic_id !== id) throw new AppError(404, 'common.notFound');
      if (response.author_id !== user._id && scope.role !== 'admin')
        throw new AppError(403, 'common.forbidden');
      await db.transaction().execute(async (trx) => {
        if (!(await createTopicsRepository(withTopicTables(trx)).deleteResponse(responseId, id))) {
          throw new AppError(404, 'common.notFound');
        }
      });
    },
  };
}
