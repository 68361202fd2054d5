import type { User } from '@lintel/contracts/account';
import type { TopicState } from '@lintel/contracts/topics';
import type { Insertable } from 'kysely';
import type { IntBool } from '../../db/schema';
import type { TopicPeopleTable } from './tables';
import type { TopicContext } from './topics.context';
import type { TopicRow, TopicsRepository } from './topics.repository';

/**
 * The people rows after a change of the mentioned and participants: flags set from the lists, a newly
 * mentioned person follows (as the creator and the first mentioned did), rows left with nothing go.
 */
export async function syncPeople(
  repo: TopicsRepository,
  row: Pick<TopicRow, 'id' | 'project_id'>,
  mentions: readonly string[],
  participants: readonly string[],
): Promise<void> {
  const existing = new Map((await repo.people(row.id)).map((p) => [p.user_id, p]));
  const mentioned = new Set(mentions);
  const participating = new Set(participants);
  const everyone = new Set([...existing.keys(), ...mentioned, ...participating]);
  const fresh: Insertable<TopicPeopleTable>[] = [];
  for (const userId of everyone) {
    const before = existing.get(userId);
    const flags: { mentioned: IntBool; participant: IntBool } = {
      mentioned: mentioned.has(userId) ? 1 : 0,
      participant: participating.has(userId) ? 1 : 0,
    };
    if (!before) {
      fresh.push({
        topic_id: row.id,
        user_id: userId,
        project_id: row.project_id,
        ...flags,
        following: flags.mentioned,
        is_read: 0,
        read_at: null,
      });
      continue;
    }
    if (before.mentioned === flags.mentioned && before.participant === flags.participant) continue;
    const following: IntBool = flags.mentioned === 1 && before.mentioned === 0 ? 1 : before.following;
    await repo.updatePerson(row.id, userId, { ...flags, following });
  }
  await repo.insertPeople(fresh);
  await repo.prunePeople(row.id);
}

/** The user has read the topic (a row is added for someone not on it yet). */
export async function markRead(
  repo: TopicsRepository,
  row: TopicRow,
  userId: string,
  at: string,
): Promise<void> {
  await repo.upsertPerson(
    {
      topic_id: row.id,
      user_id: userId,
      project_id: row.project_id,
      mentioned: 0,
      participant: 0,
      following: 0,
      is_read: 1,
      read_at: at,
    },
    { is_read: 1, read_at: at },
  );
}

/** The caller's own state of a topic: read, follow and unfollow. */
export function createTopicPeopleActions(ctx: TopicContext) {
  const { readNotifications, repository, now, quietly, open, stateOf } = ctx;

  return {
    async read(user: User, id: string): Promise<TopicState> {
      const { row } = await open(user, id);
      await markRead(repository, row, user._id, now());
      await quietly('could not mark the notifications of a topic read', id, () =>
        readNotifications(user, id),
      );
      return stateOf(user, id);
    },

    async follow(user: User, id: string, following: boolean): Promise<TopicState> {
      const { row } = await open(user, id);
      if (following) {
        await repository.upsertPerson(
          {
            topic_id: id,
            user_id: user._id,
            project_id: row.project_id,
            mentioned: 0,
            participant: 0,
            following: 1,
            is_read: 0,
            read_at: null,
          },
          { following: 1 },
        );
      } else {
        await repository.updatePerson(id, user._id, { following: 0 });
        await repository.prunePeople(id);
      }
      return stateOf(user, id);
    },
  };
}
