/**
 * What every adapter of the users and access tokens repositories shares (ADR 0074): how an email becomes the user's
 * key, how a personal access token is made, hashed and shown, and when a stored token still signs its user in.
 * Both adapters call these, so the same input gives the same rows and the same errors on SQLite and PostgreSQL.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { foldCase, normalizeEmail, ToolError, type Clock } from '@chief-of-staff/core';
import { assertMaxLength, assertText, MAX_NAME_LENGTH, nowIso } from '../db/validation.js';
import type { UserStatus } from '../db/enums.js';

/** A person the service knows; `status: 'disabled'` cannot sign in. */
export interface UserRecord {
  id: number;
  /** Case-folded: `Noa@Example.com` and `noa@example.com` are one user. */
  email: string;
  name: string | null;
  status: UserStatus;
  createdAt: string;
  updatedAt: string;
}

/** A personal access token as listed: never the token nor its hash. */
export interface AccessTokenRecord {
  id: number;
  userId: number;
  name: string;
  /** The token's first characters (`cos_pat_AbCd`), to tell tokens apart. */
  displayPrefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
}

/** A token just created: `token` is the only time the secret is available. */
export interface CreatedAccessToken {
  token: string;
  record: AccessTokenRecord;
}

/** Who a verified personal access token signs in. */
export interface VerifiedAccessToken {
  user: UserRecord;
  token: AccessTokenRecord;
}

export interface AddUserInput {
  email: string;
  name?: string | undefined;
}

export interface CreateAccessTokenInput {
  userId: number;
  name?: string | undefined;
  /** ISO time after which the token no longer signs in; null or absent: never expires. */
  expiresAt?: string | null | undefined;
}

export interface UsersRepository {
  /** Adds an active user; CONFLICT when the (case-folded) email is taken. */
  add(input: AddUserInput): Promise<UserRecord>;
  /** Every user, by email. */
  list(): Promise<UserRecord[]>;
  getById(id: number): Promise<UserRecord | undefined>;
  /** By email, whatever its case. */
  getByEmail(email: string): Promise<UserRecord | undefined>;
  /** Sets the user's status; NOT_FOUND for an unknown email. A disabled user's tokens stop working at once. */
  setStatus(email: string, status: UserStatus): Promise<UserRecord>;
}

export interface AccessTokensRepository {
  /** Creates a token for an existing user (NOT_FOUND otherwise); the token is returned here and never again. */
  create(input: CreateAccessTokenInput): Promise<CreatedAccessToken>;
  /** The user's tokens, newest first, revoked and expired ones included. */
  listForUser(userId: number): Promise<AccessTokenRecord[]>;
  /** Revokes a token (again: keeps the first revocation time); NOT_FOUND for an unknown id. */
  revoke(id: number): Promise<AccessTokenRecord>;
  /**
   * The active user a token signs in, or null: unknown, revoked, expired, or its user disabled. Reads the database
   * every time (no cache can outlive a revocation); records the use at most once a minute.
   */
  verify(token: string): Promise<VerifiedAccessToken | null>;
}

/** Every personal access token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const ACCESS_TOKEN_PREFIX = 'cos_pat_';
/** How many characters of a token `cos tokens list` shows. */
export const ACCESS_TOKEN_DISPLAY_LENGTH = ACCESS_TOKEN_PREFIX.length + 4;
/** `last_used_at` is rewritten at most this often per token, so every request is not a write. */
export const LAST_USED_RESOLUTION_MS = 60_000;
export const DEFAULT_ACCESS_TOKEN_NAME = 'default';
/** 32 random bytes in base64url. */
const TOKEN_PATTERN = /^cos_pat_[A-Za-z0-9_-]{43}$/;

/** The key a user is stored and found by: the validated email, case-folded. */
export function userEmailKey(email: string): string {
  return foldCase(normalizeEmail('email', email));
}

/** The columns of a new user, validated (the same errors on every adapter). */
export function newUserFields(input: AddUserInput, clock: Clock): { email: string; name: string | null; status: 'active'; createdAt: string; updatedAt: string } {
  const email = userEmailKey(input.email);
  const name = input.name === undefined || input.name.trim() === '' ? null : assertText('name', input.name, MAX_NAME_LENGTH);
  const now = nowIso(clock);
  return { email, name, status: 'active', createdAt: now, updatedAt: now };
}

/** The CONFLICT for an email that already has a user. */
export function duplicateUserError(email: string): ToolError {
  return new ToolError('CONFLICT', `A user with email ${email} already exists.`, {
    hint: 'Use another email, or see the existing users with `cos users list`.',
    details: { email },
  });
}

/** The NOT_FOUND for an email without a user. */
export function unknownUserError(email: string): ToolError {
  return new ToolError('NOT_FOUND', `No user has the email ${email}.`, {
    hint: 'Add one with `cos users add <email>`, or see the users with `cos users list`.',
    details: { entity: 'user', id: email },
  });
}

/** A new token, its hash and display prefix, and the validated name and expiry. */
export function newAccessToken(input: CreateAccessTokenInput, clock: Clock): { token: string; fields: { userId: number; name: string; tokenHash: string; displayPrefix: string; createdAt: string; expiresAt: string | null } } {
  const name = input.name === undefined ? DEFAULT_ACCESS_TOKEN_NAME : assertText('name', input.name, MAX_NAME_LENGTH);
  const expiresAt = input.expiresAt ?? null;
  if (expiresAt !== null && (typeof expiresAt !== 'string' || Number.isNaN(Date.parse(expiresAt)))) {
    throw ToolError.invalidArgument('expiresAt', `${JSON.stringify(expiresAt)} is not a valid time.`, 'Use an ISO-8601 time such as 2026-12-31T00:00:00.000Z.');
  }
  const token = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return {
    token,
    fields: {
      userId: input.userId,
      name: assertMaxLength('name', name, MAX_NAME_LENGTH),
      tokenHash: hashAccessToken(token),
      displayPrefix: token.slice(0, ACCESS_TOKEN_DISPLAY_LENGTH),
      createdAt: nowIso(clock),
      expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString(),
    },
  };
}

/** Hex SHA-256 of a token. A plain hash suffices: the token holds 256 random bits, so there is nothing to guess. */
export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True when `token` has the shape of a personal access token (anything else is not looked up). */
export function looksLikeAccessToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** Constant-time comparison of the stored hash with the presented token's hash. */
export function accessTokenHashMatches(storedHash: string, token: string): boolean {
  const stored = Buffer.from(storedHash, 'hex');
  const presented = Buffer.from(hashAccessToken(token), 'hex');
  return stored.length === presented.length && timingSafeEqual(stored, presented);
}

/** Whether a stored token signs its user in now. */
export function accessTokenSignsIn(token: Pick<AccessTokenRecord, 'revokedAt' | 'expiresAt'>, user: Pick<UserRecord, 'status'>, now: Date): boolean {
  if (token.revokedAt !== null || user.status !== 'active') return false;
  return token.expiresAt === null || Date.parse(token.expiresAt) > now.getTime();
}

/** The time before which a last use is old enough to be rewritten now. */
export function lastUsedCutoff(clock: Clock): string {
  return new Date(clock.now().getTime() - LAST_USED_RESOLUTION_MS).toISOString();
}
