import type { User } from '@lintel/contracts/account';
import type { Topic, TopicState } from '@lintel/contracts/topics';
import type { FileRow } from '../files/files.repository';
import type { Opened, TopicBase } from './topics.context';
import { type Expansion, presentLink, presentSummary, presentTopic } from './topics.presenter';
import type { ListedRow, SettingRow, SummaryRow } from './topics.repository';
import type { TopicVisibility } from './topics.visibility';

/** Rows → answers: list items (with their expansion), a whole topic, the caller's state. */
export function createTopicAnswers(base: TopicBase & Pick<TopicVisibility, 'abilitiesOf'>) {
  const { clock, repository, directory, userIds, abilitiesOf } = base;

  async function expansionFor(projectId: string, rows: readonly SummaryRow[]): Promise<Expansion> {
    const ids = rows.flatMap((row) => [
      ...(row.creator_id ? [row.creator_id] : []),
      ...userIds(row.mentions),
      ...userIds(row.participants),
    ]);
    const [users, domains, species, subcontracts] = await Promise.all([
      directory.users(ids),
      directory.domains(projectId),
      repository.settings(projectId, 'species'),
      repository.settings(projectId, 'subcontract'),
    ]);
    const settings = new Map<string, SettingRow>([...species, ...subcontracts].map((s) => [s.id, s]));
    return { users, domains, settings };
  }

  /** List rows (with the caller's flags joined in: repository.pageRows) → list items. */
  async function summaries(projectId: string, rows: ListedRow[], expand: boolean) {
    const expansion = expand ? await expansionFor(projectId, rows) : null;
    const at = clock.now();
    return rows.map((row) =>
      presentSummary(
        row,
        row.my_following === null && row.my_is_read === null
          ? undefined
          : { following: row.my_following === 1, read: row.my_is_read === 1 },
        at,
        expansion,
      ),
    );
  }

  async function present(user: User, opened: Opened, expand: boolean): Promise<Topic> {
    const { row } = opened;
    const [people, links, images, abilities] = await Promise.all([
      repository.people(row.id),
      repository.links(row.id),
      directory.files(userIds(row.images)),
      abilitiesOf(user, opened),
    ]);
    const linkedFiles = await directory.files(
      links.flatMap((link) => (link.type === 'file' && link.target_id ? [link.target_id] : [])),
    );
    const files = new Map<string, FileRow>(linkedFiles.map((file) => [file.id, file]));
    const mine = people.find((p) => p.user_id === user._id);
    const expansion = expand ? await expansionFor(row.project_id, [row]) : null;
    const summary = presentSummary(
      row,
      mine ? { following: mine.following === 1, read: mine.is_read === 1 } : undefined,
      clock.now(),
      expansion,
    );
    return presentTopic(summary, row, {
      images,
      links: links.map((link) => presentLink(link, files)),
      followers: people.filter((p) => p.following === 1).map((p) => p.user_id),
      abilities,
    });
  }

  async function stateOf(user: User, id: string): Promise<TopicState> {
    const person = await repository.person(id, user._id);
    const read = person?.is_read === 1;
    return { _id: id, readByMe: read, unRead: !read, following: person?.following === 1 };
  }

  return { expansionFor, summaries, present, stateOf };
}
export type TopicAnswers = ReturnType<typeof createTopicAnswers>;
