import type {
  Topic,
  TopicAbilities,
  TopicLinkAnswer,
  TopicPriority,
  TopicResponse,
  TopicSetting,
  TopicStatus,
  TopicSummary,
} from '@lintel/contracts/topics';
import { topicDelayBucket, topicDelayDays, topicDisplayState } from '@lintel/contracts/topics';
import { fromJson } from '../../db/json';
import type { UserSummary } from '../directory/index';
import { presentFileCard, presentUserCard } from '../directory/present';
import type { FileRow } from '../files/files.repository';
import { fileUrl } from '../files/index';
import type { DomainSummary } from './directory';
import type { LinkRow, MyState, ResponseRow, SettingRow, SummaryRow, TopicRow } from './topics.repository';

/** What the list expands (expand=true): user cards, disciplines and settings of the project. */
export interface Expansion {
  users: Map<string, UserSummary>;
  domains: Map<string, DomainSummary>;
  settings: Map<string, SettingRow>;
}

const userIdsOf = (text: string) => fromJson<string[]>(text, []);

/** Row → list item, field by field. */
export function presentSummary(
  row: SummaryRow,
  mine: MyState | undefined,
  now: Date,
  expansion: Expansion | null,
): TopicSummary {
  const status = row.status as TopicStatus;
  const delayDays = topicDelayDays({ status, deadline: row.deadline, completedAt: row.completed_at }, now);
  const read = mine?.read === true;
  const mentions = userIdsOf(row.mentions);
  const participants = userIdsOf(row.participants);
  const summary: TopicSummary = {
    _id: row.id,
    projectId: row.project_id,
    number: Number(row.number),
    name: row.name,
    status,
    state: topicDisplayState(status, delayDays),
    priority: row.priority as TopicPriority,
    deadline: row.deadline,
    completedAt: row.completed_at,
    delayDays,
    delay: topicDelayBucket(delayDays),
    domainId: row.domain_id,
    speciesId: row.species_id,
    subcontractId: row.subcontract_id,
    creatorId: row.creator_id,
    mentions,
    participants,
    imageCount: userIdsOf(row.images).length,
    linkCount: Number(row.link_count),
    responseCount: Number(row.response_count),
    readByMe: read,
    unRead: !read,
    following: mine?.following === true,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (expansion) {
    const user = (id: string) => expansion.users.get(id);
    const cards = (ids: string[]) => ids.flatMap((id) => (user(id) ? [presentUserCard(user(id)!)] : []));
    const creator = row.creator_id ? user(row.creator_id) : undefined;
    summary.creator = creator ? presentUserCard(creator) : null;
    summary.mentionedUsers = cards(mentions);
    summary.participantUsers = cards(participants);
    const domain = row.domain_id ? expansion.domains.get(row.domain_id) : undefined;
    summary.domain = domain ? { _id: domain.id, name: domain.name, nameEn: domain.nameEn } : null;
    const species = row.species_id ? expansion.settings.get(row.species_id) : undefined;
    summary.species = species ? { _id: species.id, name: species.name } : null;
    const subcontract = row.subcontract_id ? expansion.settings.get(row.subcontract_id) : undefined;
    summary.subcontract = subcontract ? { _id: subcontract.id, name: subcontract.name } : null;
  }
  return summary;
}

export function presentLink(link: LinkRow, files: Map<string, FileRow>): TopicLinkAnswer {
  if (link.type === 'element') {
    return { type: 'element', modelId: link.model_id ?? '', globalId: link.global_id ?? '' };
  }
  if (link.type === 'file') {
    const file = files.get(link.target_id ?? '');
    return {
      type: 'file',
      id: link.target_id ?? '',
      name: file ? file.original_name : null,
      url: file ? fileUrl(file) : null,
    };
  }
  return { type: 'record', module: link.module ?? '', id: link.target_id ?? '' };
}

export function presentTopic(
  summary: TopicSummary,
  row: TopicRow,
  details: {
    images: FileRow[];
    links: TopicLinkAnswer[];
    followers: string[];
    abilities: TopicAbilities;
  },
): Topic {
  return {
    ...summary,
    content: row.content,
    images: details.images.map(presentFileCard),
    links: details.links,
    viewportId: row.viewport_id ?? null,
    followers: details.followers,
    abilities: details.abilities,
  };
}

export function presentResponse(
  row: ResponseRow,
  images: FileRow[],
  deletable: boolean,
  author: UserSummary | null | undefined,
): TopicResponse {
  const response: TopicResponse = {
    _id: row.id,
    topicId: row.topic_id,
    authorId: row.author_id,
    content: row.content,
    images: images.map(presentFileCard),
    deletable,
    createdAt: row.created_at,
  };
  if (author !== undefined) response.author = author ? presentUserCard(author) : null;
  return response;
}

export function presentSetting(row: SettingRow, usage: number): TopicSetting {
  return {
    _id: row.id,
    projectId: row.project_id,
    name: row.name,
    order: Number(row.sort_order),
    usage,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
