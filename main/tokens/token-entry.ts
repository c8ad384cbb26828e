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
});

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
    });
  }
  return tokens;
}
