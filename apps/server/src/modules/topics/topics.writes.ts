import type { User } from '@lintel/contracts/account';
import type { NotificationParams } from '@lintel/contracts/notifications';
import { type Topic, topicDelayDays } from '@lintel/contracts/topics';
import type { Insertable } from 'kysely';
import { newId } from '../../db/ids';
import { toJson } from '../../db/json';
import { AppError } from '../../plugins/app-error';
import { templated } from '../notifications/index';
import { type TopicsTable, withTopicTables } from './tables';
import {
  type CreateBody,
  excerpt,
  need,
  TOPICS_MODULE,
  type TopicContext,
  topicLink,
  type UpdateBody,
} from './topics.context';
import { markRead, syncPeople } from './topics.people';
import { linkRows } from './topics.references';
import { createTopicsRepository, type TopicRow } from './topics.repository';

/** Raising, changing (closing and reopening too) and deleting topics, with their notifications and to-dos. */
export function createTopicWrites(ctx: TopicContext) {
  const {
    db,
    clock,
    access,
    authorize,
    notify,
    addTodo,
    closeTodo,
    repository,
    project,
    now,
    userIds,
    quietly,
    open,
    checkReferences,
    present,
  } = ctx;

  return {
    /** `body` as topicCreateSchema parsed it. */
    async create(user: User, body: CreateBody): Promise<Topic> {
      await access.requireScopeRole(user, project(body.projectId), need('create'));
      await checkReferences(body.projectId, body, user);
      const id = newId(clock.now().getTime());
      const at = now();
      const participants = (body.participants ?? []).filter((p) => !body.mentions.includes(p));
      const links = body.links ?? [];
      let number = 0;
      await db.transaction().execute(async (trx) => {
        const repo = createTopicsRepository(withTopicTables(trx));
        number = await repo.nextNumber(body.projectId);
        const topic: Insertable<TopicsTable> = {
          id,
          project_id: body.projectId,
          number,
          name: body.name,
          content: body.content ?? '',
          domain_id: body.domainId ?? null,
          species_id: body.speciesId ?? null,
          subcontract_id: body.subcontractId ?? null,
          creator_id: user._id,
          priority: body.priority ?? 'normal',
          status: 'processing',
          deadline: body.deadline ?? null,
          completed_at: null,
          completed_delay_days: 0,
          mentions: toJson(body.mentions),
          participants: toJson(participants),
          images: toJson([...new Set(body.images ?? [])]),
          link_count: links.length,
          response_count: 0,
          viewport_id: body.viewportId ?? null,
          created_at: at,
          updated_at: at,
        };
        await repo.insertTopic(topic);
        // The creator has read it and follows it; the mentioned follow it too.
        await repo.insertPeople([
          {
            topic_id: id,
            user_id: user._id,
            project_id: body.projectId,
            mentioned: body.mentions.includes(user._id) ? 1 : 0,
            participant: participants.includes(user._id) ? 1 : 0,
            following: 1,
            is_read: 1,
            read_at: at,
          },
        ]);
        await syncPeople(repo, topic as TopicRow, body.mentions, participants);
        if (links.length > 0) await repo.replaceLinks(id, linkRows(id, body.projectId, links));
        await repo.syncFiles(id);
      });
      const title = `#${number} ${body.name}`;
      const link = topicLink(body.projectId, id);
      const others = [...body.mentions, ...participants].filter((p) => p !== user._id);
      await quietly('could not notify the people of a new topic', id, () =>
        notify(others, {
          module: 'topic',
          ...templated('topicNew', { number, name: body.name, excerpt: excerpt(body.content ?? '') }),
          link,
          projectId: body.projectId,
          recordId: id,
          senderId: user._id,
        }),
      );
      await quietly('could not add the to-dos of a new topic', id, () =>
        addTodo(body.mentions, {
          module: 'topic',
          recordId: id,
          title,
          content: excerpt(body.content ?? ''),
          link,
          projectId: body.projectId,
          senderId: user._id,
          dueDate: body.deadline ?? null,
        }),
      );
      return present(user, await open(user, id), false);
    },

    async update(user: User, id: string, body: UpdateBody): Promise<Topic> {
      const opened = await open(user, id);
      const { row, scope } = opened;
      const { status, ...fields } = body;
      const editing = Object.values(fields).some((value) => value !== undefined);
      const statusChange = status !== undefined && status !== row.status;
      const creator = row.creator_id === user._id;
      if (statusChange && !(creator || scope.role === 'admin')) throw new AppError(403, 'topics.notCloser');
      if (editing) {
        if (row.status === 'completed' && status !== 'processing')
          throw new AppError(409, 'topics.completed');
        if (!creator && !(await authorize(user, row.project_id, TOPICS_MODULE, 'edit'))) {
          throw new AppError(403, 'common.forbidden');
        }
      }
      if (!editing && !statusChange) return present(user, opened, false);
      await checkReferences(row.project_id, fields, user);

      const at = now();
      const beforeMentions = userIds(row.mentions);
      const mentions = fields.mentions ?? beforeMentions;
      const participants = (fields.participants ?? userIds(row.participants)).filter(
        (p) => !mentions.includes(p),
      );
      const changes: Partial<Insertable<TopicsTable>> = { updated_at: at };
      if (fields.name !== undefined) changes.name = fields.name;
      if (fields.content !== undefined) changes.content = fields.content;
      if (fields.domainId !== undefined) changes.domain_id = fields.domainId;
      if (fields.speciesId !== undefined) changes.species_id = fields.speciesId;
      if (fields.subcontractId !== undefined) changes.subcontract_id = fields.subcontractId;
      if (fields.images !== undefined) changes.images = toJson([...new Set(fields.images)]);
      if (fields.priority !== undefined) changes.priority = fields.priority;
      if (fields.deadline !== undefined) changes.deadline = fields.deadline;
      if (fields.links !== undefined) changes.link_count = fields.links.length;
      if (fields.viewportId !== undefined) changes.viewport_id = fields.viewportId;
      if (fields.mentions !== undefined || fields.participants !== undefined) {
        changes.mentions = toJson(mentions);
        changes.participants = toJson(participants);
      }
      const finalStatus = status ?? row.status;
      if (statusChange && status === 'completed') {
        changes.status = 'completed';
        changes.completed_at = at;
        changes.completed_delay_days = topicDelayDays(
          { status: 'processing', deadline: fields.deadline ?? row.deadline, completedAt: null },
          clock.now(),
        );
      } else if (statusChange && status === 'processing') {
        changes.status = 'processing';
        changes.completed_at = null;
        changes.completed_delay_days = 0;
      }
      await db.transaction().execute(async (trx) => {
        const repo = createTopicsRepository(withTopicTables(trx));
        await repo.updateTopic(id, changes);
        if (fields.mentions !== undefined || fields.participants !== undefined) {
          await syncPeople(repo, row, mentions, participants);
        }
        if (fields.links !== undefined)
          await repo.replaceLinks(id, linkRows(id, row.project_id, fields.links));
        if (fields.links !== undefined || fields.images !== undefined) await repo.syncFiles(id);
        await repo.markUnreadExcept(id, user._id);
        await markRead(repo, row, user._id, now());
      });

      const name = fields.name ?? row.name;
      const title = `#${row.number} ${name}`;
      const link = topicLink(row.project_id, id);
      const todo = {
        module: 'topic' as const,
        recordId: id,
        title,
        content: excerpt(fields.content ?? row.content),
        link,
        projectId: row.project_id,
        senderId: row.creator_id,
        dueDate: fields.deadline === undefined ? row.deadline : fields.deadline,
      };
      const people = await repository.people(id);
      const involved = people
        .filter((p) => p.mentioned === 1 || p.participant === 1 || p.following === 1)
        .map((p) => p.user_id);
      const everyone = [...new Set([...(row.creator_id ? [row.creator_id] : []), ...involved])].filter(
        (p) => p !== user._id,
      );
      const tell = (
        template: 'topicNew' | 'topicCompleted' | 'topicReopened',
        receivers: string[],
        params: NotificationParams = {},
      ) =>
        quietly('could not notify the people of a topic', id, () =>
          notify(receivers, {
            module: 'topic',
            ...templated(template, { number: row.number, name, ...params }),
            link,
            projectId: row.project_id,
            recordId: id,
            senderId: user._id,
          }),
        );
      if (finalStatus === 'completed') {
        await quietly('could not close the to-dos of a topic', id, () =>
          closeTodo({ module: 'topic', recordId: id }),
        );
        if (statusChange) await tell('topicCompleted', everyone);
      } else {
        const removed = beforeMentions.filter((p) => !mentions.includes(p));
        if (removed.length > 0) {
          await quietly('could not close the to-dos of a topic', id, () =>
            closeTodo({ module: 'topic', recordId: id, userIds: removed }),
          );
        }
        // Adding the same record again refreshes the open items (title, deadline) of those who have one.
        await quietly('could not add the to-dos of a topic', id, () => addTodo(mentions, todo));
        if (statusChange) await tell('topicReopened', everyone);
        const added = mentions.filter((p) => !beforeMentions.includes(p) && p !== user._id);
        if (added.length > 0)
          await tell('topicNew', added, { excerpt: excerpt(fields.content ?? row.content) });
      }
      return present(user, await open(user, id), false);
    },

    /** The creator, or a member with the delete right. Its to-dos close. */
    async remove(user: User, id: string): Promise<void> {
      const { row } = await open(user, id);
      const allowed =
        row.creator_id === user._id || (await authorize(user, row.project_id, TOPICS_MODULE, 'delete'));
      if (!allowed) throw new AppError(403, 'common.forbidden');
      if (!(await repository.deleteTopic(id))) throw new AppError(404, 'common.notFound');
      await quietly('could not close the to-dos of a deleted topic', id, () =>
        closeTodo({ module: 'topic', recordId: id }),
      );
    },
  };
}
