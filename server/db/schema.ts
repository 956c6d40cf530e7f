import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { ActualsWeek, AssignmentRecord, Engineer, EventMetadata, HolidayCalendar, HolidayRecord, Placeholder, Project, SavedView, StaffingRequest, Team, TimeOff } from '../../domain/index.ts';

/** One Database interface built from per-table types (model: kysely-org/kysely example/). */
export interface StreamsTable {
  stream_id: string;
  version: number;
  updated_at: Generated<Date>;
}

export interface EventsTable {
  global_position: ColumnType<number, never, never>;
  transaction_id: ColumnType<string, never, never>;
  stream_id: string;
  stream_position: ColumnType<number, number, never>;
  event_id: string;
  type: string;
  schema_version: Generated<number>;
  data: ColumnType<unknown, string, never>;
  metadata: ColumnType<EventMetadata, string, never>;
  recorded_at: ColumnType<Date, Date | string | undefined, never>;
  hash: ColumnType<string, string, never>;
}

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  role: 'engineer' | 'manager' | 'auditor';
  department: string;
  /** Null while invited, and for people who only sign in through the identity provider. */
  password_hash: string | null;
  admin: Generated<boolean>;
  status: Generated<'invited' | 'active' | 'deactivated'>;
  last_sign_in_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  version: Generated<number>;
  created_at: Generated<Date>;
  /** A manager's reach: 'all' (org-wide) or team ids (domain/teams/scope.ts). */
  scope: ColumnType<'all' | string[], string | undefined, string>;
}

/** A signed-in session: a token names one, and ending it refuses the token (sign-out, deactivation). */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: Date;
  ended_at: Date | null;
}

/** One-time secrets sent as links (setup, invitation, reset) or codes (sign-on), kept only as hashes. */
export interface LinkTokensTable {
  token_hash: string;
  kind: 'setup' | 'invite' | 'reset' | 'sign-on';
  user_id: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number;
  response: ColumnType<unknown, string, string>;
  /** The command id of the write the answer came from, so a replay names it too (X-Command-Id). */
  command_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

export interface SettingsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

export interface ImportJobsTable {
  id: string;
  kind: string;
  actor_id: string;
  state: 'running' | 'done' | 'failed';
  done: Generated<number>;
  total: number;
  created: Generated<number>;
  updated: Generated<number>;
  unchanged: Generated<number>;
  message: string | null;
  started_at: Generated<Date>;
  updated_at: Generated<Date>;
  finished_at: Date | null;
}

/** Per person and import kind, how they last read a file's columns: header cell to column, or null. */
export interface ImportMappingsTable {
  user_id: string;
  kind: string;
  mapping: Record<string, string | null>;
  updated_at: Generated<Date>;
}

export interface PlanSnapshotsTable {
  cursor: string;
  transaction_id: ColumnType<string, string, never>;
  global_position: number;
  format: string;
  event_count: number;
  recorded_at_last: Date;
  recorded_at_max: Date;
  segment_recorded_at_min: Date;
  plan: Buffer;
  created_at: Generated<Date>;
}

type ReadModelRow<Doc> = { id: string; version: number; doc: ColumnType<Doc, string, string> };

export interface EngineersTable extends ReadModelRow<Engineer> {
  name: string;
  email: string;
}
export interface ProjectsTable extends ReadModelRow<Project> {
  name: string;
  status: string;
  tentative: Generated<boolean>;
  start_date: ColumnType<Date, string, string>;
  end_date: ColumnType<Date, string, string>;
}
export interface AssignmentsTable extends ReadModelRow<AssignmentRecord> {
  engineer_id: string;
  project_id: string;
  start_date: ColumnType<Date, string, string>;
  end_date: ColumnType<Date, string, string>;
}

/** Date columns are filters only: read the day itself from `doc` (pg turns a bare date into a local-time Date). */
export interface TimeOffTable extends ReadModelRow<TimeOff> {
  engineer_id: string;
  from_date: ColumnType<Date, string, string>;
  to_date: ColumnType<Date, string, string>;
}
export interface HolidaysTable extends ReadModelRow<HolidayRecord> {
  date: ColumnType<Date, string, string>;
  calendar_id: Generated<string>;
}
export interface HolidayCalendarsTable extends ReadModelRow<HolidayCalendar> {
  name: string;
}
export interface TeamsTable extends ReadModelRow<Team> {
  name: string;
  parent_id: string | null;
}
export interface StaffingRequestsTable extends ReadModelRow<StaffingRequest> {
  state: string;
  requested_by: string;
  engineer_id: string | null;
  project_id: string;
}
export interface PlaceholdersTable extends ReadModelRow<Placeholder> {
  project_id: string;
  start_date: ColumnType<Date, string, string>;
  end_date: ColumnType<Date, string, string>;
}

/** One engineer's ISO week of actuals; `id` is '<engineerId> <week>'. */
export interface ActualsTable extends ReadModelRow<ActualsWeek> {
  engineer_id: string;
  week: string;
}

/** A saved view (domain/views): its owner and whether it is shared, to list one's own and the shared ones. */
export interface SavedViewsTable extends ReadModelRow<SavedView> {
  owner_id: string;
  shared: boolean;
  name: string;
}

/** A scenario's stream: drafted changes, never read by the live plan. */
export interface ScenarioEventsTable {
  scenario_id: string;
  position: number;
  type: string;
  data: ColumnType<unknown, string, never>;
  metadata: ColumnType<unknown, string, never>;
  recorded_at: ColumnType<Date, Date | string | undefined, never>;
}

/** What a person chose to be told by e-mail (no row: everything). */
export interface NotificationSettingsTable {
  user_id: string;
  assigned: Generated<boolean>;
  time_off: Generated<boolean>;
  digest: Generated<boolean>;
  staffing: Generated<boolean>;
  updated_at: Generated<Date>;
}

/** Where a follower of the event log has got to (the mail notices). */
export interface LogFollowersTable {
  name: string;
  cursor: string;
  updated_at: Generated<Date>;
}

/** Messages waiting to go out, and those that went (or failed). */
export interface OutboxTable {
  id: Generated<string>;
  dedupe_key: string;
  channel: 'mail' | 'slack';
  target: string;
  payload: ColumnType<unknown, string, string>;
  status: Generated<'pending' | 'sending' | 'sent' | 'failed' | 'unknown'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
  next_attempt_at: Generated<Date>;
  claimed_at: Date | null;
  sent_at: Date | null;
}

/** A Slack channel's incoming-webhook URL. */
export interface SlackChannelsTable {
  id: string;
  name: string;
  url: string;
  created_at: Generated<Date>;
}

/** An outbound webhook endpoint: its cursor in the event log (the outbox) and its failure state. */
export interface WebhooksTable {
  id: string;
  url: string;
  events: string[];
  secret: string;
  active: Generated<boolean>;
  cursor: string;
  version: Generated<number>;
  created_by: string | null;
  created_at: Generated<Date>;
  failures: Generated<number>;
  failing_since: Date | null;
  next_attempt_at: Date | null;
  last_error: string | null;
  paused_at: Date | null;
  paused_reason: string | null;
}

/** One delivery attempt (or test event) to an endpoint. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: string;
  event_id: string;
  cursor: string | null;
  type: string;
  attempt: number;
  status: number | null;
  error: string | null;
  at: Generated<Date>;
  ms: number;
}

/** A person's calendar feed: the nonce its token is derived from and the token's hash, never the token. */
export interface CalendarFeedsTable {
  user_id: string;
  nonce: string;
  token_hash: string;
  created_at: Generated<Date>;
}

export interface Database {
  saved_views: SavedViewsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  calendar_feeds: CalendarFeedsTable;
  streams: StreamsTable;
  events: EventsTable;
  users: UsersTable;
  sessions: SessionsTable;
  link_tokens: LinkTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  settings: SettingsTable;
  import_jobs: ImportJobsTable;
  import_mappings: ImportMappingsTable;
  scenario_events: ScenarioEventsTable;
  plan_snapshots: PlanSnapshotsTable;
  engineers: EngineersTable;
  projects: ProjectsTable;
  assignments: AssignmentsTable;
  time_off: TimeOffTable;
  holidays: HolidaysTable;
  holiday_calendars: HolidayCalendarsTable;
  placeholders: PlaceholdersTable;
  notification_settings: NotificationSettingsTable;
  log_followers: LogFollowersTable;
  outbox: OutboxTable;
  slack_channels: SlackChannelsTable;
  actuals: ActualsTable;
  teams: TeamsTable;
  staffing_requests: StaffingRequestsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
