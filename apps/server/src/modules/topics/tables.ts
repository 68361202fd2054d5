import type { Kysely } from 'kysely';
import type { Database, IntBool, JsonText, Timestamp } from '../../db/schema';

/** The tables of this module (migrations 2026112200–05), typed here so that only this module sees them. */
export interface TopicSettingsTable {
  id: string;
  project_id: string;
  kind: TopicSettingKind;
  name: string;
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type TopicSettingKind = 'species' | 'subcontract';

export interface TopicsTable {
  id: string;
  project_id: string;
  number: number;
  name: string;
  content: string;
  domain_id: string | null;
  species_id: string | null;
  subcontract_id: string | null;
  creator_id: string | null;
  priority: string;
  status: string;
  /** YYYY-MM-DD */
  deadline: string | null;
  completed_at: Timestamp | null;
  completed_delay_days: number;
  /** JSON arrays of user ids, in the order chosen. */
  mentions: JsonText;
  participants: JsonText;
  /** JSON array of image file ids. */
  images: JsonText;
  link_count: number;
  response_count: number;
  /** The viewpoint: a viewport of the project (migration 2026112830); null when none or deleted. */
  viewport_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TopicPeopleTable {
  topic_id: string;
  user_id: string;
  project_id: string;
  mentioned: IntBool;
  participant: IntBool;
  following: IntBool;
  is_read: IntBool;
  read_at: Timestamp | null;
}

export interface TopicLinksTable {
  topic_id: string;
  project_id: string;
  position: number;
  type: string;
  model_id: string | null;
  global_id: string | null;
  target_id: string | null;
  module: string | null;
}

export interface TopicResponsesTable {
  id: string;
  topic_id: string;
  project_id: string;
  author_id: string | null;
  content: string;
  /** JSON array of image file ids. */
  images: JsonText;
  created_at: Timestamp;
}

export interface TopicCountersTable {
  project_id: string;
  last_number: number;
}

// A type alias, not an interface: Kysely's withTables wants a type with an implicit index signature.
export type TopicTables = {
  topic_settings: TopicSettingsTable;
  topics: TopicsTable;
  topic_people: TopicPeopleTable;
  topic_links: TopicLinksTable;
  topic_responses: TopicResponsesTable;
  topic_counters: TopicCountersTable;
};

export type TopicsDatabase = Database & TopicTables;

/** The app's database with this module's tables in its type (same connection, same plugins). */
export function withTopicTables(db: Kysely<Database>): Kysely<TopicsDatabase> {
  return db.withTables<TopicTables>();
}
