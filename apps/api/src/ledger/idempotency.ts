import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Database, Sql } from '../platform/db/database';
import { conflict, unprocessable } from '../shared/errors';
import { sql } from '../platform/db/sql';

/**
 * `Idempotency-Key`: the first answer to a key is stored in the same
 * transaction as the money it moved, under a primary key of (user,
 * operation, key). A repeat — even one sent at the same moment — waits on
 * that key until the first commits and then gets the first answer; nothing
 * moves twice. A failed request stores nothing (it moved nothing), so it can
 * be retried with the same key.
 */
export interface IdempotencyScope {
  userId: number;
  /** transfer, conversion, adjustment, … */
  operation: string;
  key: string | undefined;
  /** The request in canonical form: the same key with another request is refused. */
  request: unknown;
}

export interface Answer<T> {
  status: number;
  body: T;
}

export interface IdempotentAnswer<T> extends Answer<T> {
  /** True when this is the stored answer of an earlier request with the key. */
  replayed: boolean;
}

export async function runIdempotent<T>(
  db: Database,
  scope: IdempotencyScope,
  work: (tx: Sql) => Promise<Answer<T>>,
): Promise<IdempotentAnswer<T>> {
  if (scope.key === undefined) return { ...(await db.transaction(work)), replayed: false };
  const requestHash = hashRequest(scope.request);
  const { userId, operation, key } = scope;
  const isThisKey = sql`user_id = ${userId} AND operation = ${operation} AND key = ${key}`;

  return db.transaction(async (tx) => {
    // The claim the group statements make too (apps/api/sql/functions/ledger_claim_key.sql).
    const { rows } = await tx.query<{ replay: StoredKey<T> | null }>(
      sql`SELECT ledger_claim_key(${userId}, ${operation}, ${key}, ${requestHash}) AS replay`,
    );
    const replay = rows[0]!.replay;
    if (replay !== null) return answerOfStoredKey(replay, requestHash);
    const answer = await work(tx);
    await tx.query(
      sql`UPDATE idempotency_keys SET status_code = ${answer.status}, response = ${JSON.stringify(answer.body)} WHERE ${isThisKey}`,
    );
    return { ...answer, replayed: false };
  });
}

/** The canonical request's hash, stored with its key. */
export function hashRequest(request: unknown): string {
  return createHash('sha256').update(stableJson(request)).digest('hex');
}

/** What `ledger_claim_key` answers for a key claimed before: the first request's hash, status and answer. */
interface StoredKey<T> {
  replayed: true;
  hash: string | null;
  status: number | null;
  response: T | null;
}

/**
 * One request's outcome in a group statement that claims its key itself
 * (ledger_transfer_one.sql, plan_purchase_one.sql): done, with the facts
 * `Result` the API words; a repeated key's stored answer (a `Result`, or an
 * `Answer` stored as it was sent); or refused, with the code and detail.
 */
export type GroupOutcome<Result, Answer, Refused = unknown> =
  | { replayed: false; response: Result }
  | StoredKey<Result | Answer>
  | ({ refused: string; detail?: string | null } & Refused);

/**
 * The answer to an outcome that was not refused: the statement's facts, or
 * a repeated key's stored answer, worded by `word` (which also takes an
 * answer stored as it was sent).
 */
export function answerOfOutcome<Result, Answer>(
  outcome: Exclude<GroupOutcome<Result, Answer>, { refused: string }>,
  requestHash: string | null,
  word: (stored: Result | Answer) => Answer,
): IdempotentAnswer<Answer> {
  if (!outcome.replayed) return { status: 201, body: word(outcome.response), replayed: false };
  const stored = answerOfStoredKey(outcome, requestHash!);
  return { ...stored, body: word(stored.body) };
}

/** The answer to a repeated key, from what `ledger_claim_key` found stored. */
function answerOfStoredKey<T>(stored: StoredKey<T>, requestHash: string): IdempotentAnswer<T> {
  return storedAnswer(stored.hash ?? undefined, requestHash, stored.status, stored.response);
}

/**
 * The answer to a repeated key: the stored answer, or the refusal when the
 * key came with another request or its first request has not finished.
 */
function storedAnswer<T>(
  storedHash: string | undefined,
  requestHash: string,
  status: number | null,
  response: T | null,
): IdempotentAnswer<T> {
  if (storedHash !== undefined && storedHash !== requestHash) {
    throw unprocessable(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
      'Idempotency-Key',
    );
  }
  if (storedHash === undefined || status === null) {
    throw conflict(
      'IDEMPOTENCY_KEY_IN_USE',
      'A request with this Idempotency-Key is still being processed. Try again in a moment.',
      'Idempotency-Key',
    );
  }
  return { status, body: response as T, replayed: true };
}

/** JSON with object keys sorted, so equal requests hash equally. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Sends an idempotent answer with its status, saying when it is a replay (`Idempotent-Replayed: true`). */
export function sendIdempotent<T>(reply: FastifyReply, answer: IdempotentAnswer<T>) {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.status).send(answer.body);
}
