import type { NotificationParams, RecordKind } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { publishRecordChange } from '../../hub/record-presence';
import type { AppDeps, AuthUser } from '../../types';
import * as access from '../access';
import { notFound } from '../errors';
import type { WarnLogger } from '../log';
import { notifyAboutRecord } from './notify';

/**
 * What the foundation needs to know of a record kind to read, announce and notify about its
 * records the same way in every module (help-desk requests, equipment requests, contracts,
 * vendor invoices…). The module keeps only its own rules: its statuses, actions and fields.
 */
export interface RecordKindDefinition<Row extends { id: number }> {
  /** The record kind (contracts RECORD_KINDS): history, comments, approvals and RecordChanged are keyed by it. */
  kind: RecordKind;
  /** The permission key whose record rule decides who may see one record (lib/access.ts). */
  readKey: string;
  /** The record's row, or undefined when there is none (deleted rows count as none). */
  find(db: Db, id: number): Promise<Row | undefined>;
  /** The text of the 404 when there is no such record ("No such contract."). */
  notFoundText: string;
  /**
   * Everyone whose pages or lists show the record besides its viewers (the visibility rule's
   * audience, approvers, the people who act next): RecordChanged reaches them so they refetch.
   */
  audience(deps: AppDeps, row: Row): Promise<readonly (number | null | undefined)[]>;
  /**
   * Notification keys: `${prefix}${event}`, with `params(row)` merged under each notice's own.
   * Left out by a kind whose notices all come from the approval engine; its `tell` then throws.
   */
  notices?: { prefix: string; params(row: Row): NotificationParams };
}

/** The record skeleton every kind shares, built from its {@link RecordKindDefinition}. */
export interface RecordService<Row extends { id: number }> {
  readonly kind: RecordKind;
  /**
   * The record or 404 (`notFound`, the definition's text); then 403 with the record rule's reason
   * (`notRecordParticipant`…) unless `user` may see it under `actionKey` (default: `readKey`).
   */
  loadVisible(deps: AppDeps, user: AuthUser, id: number, actionKey?: string): Promise<Row>;
  /**
   * RecordChanged(kind, id) over the hub to the record's viewers and its audience, on every
   * instance, so their pages and lists refetch. Takes the row or its id (a missing record is
   * skipped). A failed push is logged through `log`, never thrown.
   */
  announceChange(deps: AppDeps, record: Row | number, log?: WarnLogger): Promise<void>;
  /**
   * Notifies `userIds` (empty entries and the actor dropped, each once) with `${prefix}${event}`
   * about the record, leading to its page, pushed live. `extra` adds to or overrides the params.
   */
  tell(
    deps: AppDeps,
    userIds: readonly (number | null | undefined)[],
    event: string,
    row: Row,
    actorId: number | null,
    extra?: NotificationParams,
    log?: WarnLogger,
  ): Promise<void>;
}

/** Builds a kind's {@link RecordService}; one per module, made once at module load. */
export function recordService<Row extends { id: number }>(definition: RecordKindDefinition<Row>): RecordService<Row> {
  const { kind } = definition;
  return {
    kind,
    async loadVisible(deps, user, id, actionKey = definition.readKey) {
      const row = await definition.find(deps.db, id);
      if (!row) throw notFound(definition.notFoundText);
      await access.require(deps, user, actionKey, { id, row });
      return row;
    },
    async announceChange(deps, record, log) {
      const row = typeof record === 'number' ? await definition.find(deps.db, record) : record;
      if (!row) return;
      const audience = (await definition.audience(deps, row)).filter((id): id is number => typeof id === 'number');
      await publishRecordChange(deps, kind, row.id, [...new Set(audience)], log);
    },
    async tell(deps, userIds, event, row, actorId, extra = {}, log) {
      const { notices } = definition;
      if (!notices) throw new Error(`The record kind ${kind} declares no notices of its own.`);
      await notifyAboutRecord(deps, kind, row.id, userIds, `${notices.prefix}${event}`, { ...notices.params(row), ...extra }, actorId, log);
    },
  };
}
