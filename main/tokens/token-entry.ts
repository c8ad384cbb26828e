/**
 * Entries of the Tokens API v2 (`/tokens/v2/search`, `/tokens/v2/tag`) as the wallet keeps
 * them. The API answers dozens of fields (stats, audit, organic score); the directory needs
 * few, and reads them leniently: an entry that lacks one of the few is dropped, never the
 * whole answer, because one odd token must not empty a person's picker.
 */
import { z } from 'zod';
import { isAddress } from '../shared/address';

/** A token as the directory knows it. */
export interface DirectoryToken {
  mint: string;
  symbol: string;
  name: string;
  decimals: number;
  /** SPL Token or Token-2022 program id; null when the source did not say. */
  tokenProgram: string | null;
  /** Where its logo is; main fetches it, the page never sees this URL (logo-fetcher.ts). */
  logoUri: string | null;
  verified: boolean;
  tags: string[];
  /**
   * When the token's first pool was created (`firstPool.createdAt`, ms since the epoch, as the
   * cache file keeps it), which makes it "new" in
   * Jupiter's fee table (fees/jupiter-fee-table.ts: 50 bps under a day old). Null when the
   * entry does not say or says something that is not a date: unknown, read as an older token,
   * the safe reading (the lower fee cap).
   */
  firstPoolAt: number | null;
}

const entrySchema = z.object({
  id: z.string().refine(isAddress),
  symbol: z.string().min(1).max(64),
  name: z.string().max(200),
  decimals: z.number().int().min(0).max(255),
  tokenProgram: z.string().refine(isAddress).nullish(),
  icon: z.string().max(2048).nullish(),
  isVerified: z.boolean().nullish(),
  tags: z.array(z.string()).nullish(),
  // Read leniently: a bad date costs the token its age (unknown), never its entry.
  firstPool: z.unknown().optional(),
});

/**
 * `firstPool.createdAt` in ms since the epoch (ISO 8601 in the official schema, openapi-spec/tokens/v2/
 * tokens.yaml `MintInformation.firstPool`: "2024-01-29T17:33:29Z" in its example), or null when
 * missing or malformed: unknown, which the fee table reads as older than a day, the safe
 * reading for the person.
 */
export function firstPoolTime(firstPool: unknown): number | null {
  if (typeof firstPool !== 'object' || firstPool === null) return null;
  const createdAt = (firstPool as { createdAt?: unknown }).createdAt;
  // A date with a calendar day and a time, nothing else: "0" or "1700000000" are not dates.
  if (typeof createdAt !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(createdAt)) {
    return null;
  }
  const at = Date.parse(createdAt);
  return Number.isNaN(at) ? null : at;
}

/** The tokens of an answer; anything that is not an array of entries reads as none. */
export function parseTokenEntries(body: unknown): DirectoryToken[] {
  if (!Array.isArray(body)) return [];
  const tokens: DirectoryToken[] = [];
  for (const item of body) {
    const parsed = entrySchema.safeParse(item);
    if (!parsed.success) continue;
    const entry = parsed.data;
    const tags = entry.tags ?? [];
    tokens.push({
      mint: entry.id,
      symbol: entry.symbol,
      name: entry.name,
      decimals: entry.decimals,
      tokenProgram: entry.tokenProgram ?? null,
      logoUri: entry.icon ?? null,
      // Older answers carry only the tag.
      verified: entry.isVerified ?? tags.includes('verified'),
      tags,
      firstPoolAt: firstPoolTime(entry.firstPool),
    });
  }
  return tokens;
}
