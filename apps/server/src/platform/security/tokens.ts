import { createHash, randomBytes } from 'node:crypto';

/** A new opaque token: 256 random bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of a token: its SHA-256 (tokens are random, so no salt is needed). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
