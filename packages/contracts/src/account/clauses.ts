import { z } from 'zod';

/**
 * The user agreement and the privacy policy (spec 000 §2 "clauses", issue 17, PIPL). Each kind has versions:
 * 1 is the text shipped with the product; a system administrator's replacement is the next version. Opened
 * at `/api/v1/base-service/clauses/{kind}` (a page in the request's language); registration requires the
 * consent to the versions in force when the privacy notice is on, and records it.
 */
export const CLAUSE_KINDS = ['agreement', 'privacy'] as const;
export type ClauseKind = (typeof CLAUSE_KINDS)[number];
export const clauseKindSchema = z.enum(CLAUSE_KINDS);

export const CLAUSE_TEXT_MAX_LENGTH = 50_000;

/** One clause in force (GET account-service/system/profile/clauses lists both). */
export const clauseSchema = z.object({
  kind: clauseKindSchema,
  version: z.number().int().min(1),
  textZh: z.string(),
  textEn: z.string(),
  /** The text shipped with the product (never replaced). */
  isDefault: z.boolean(),
  /** When this version was written; null for the shipped text. */
  updatedAt: z.string().nullable(),
});
export type Clause = z.infer<typeof clauseSchema>;

const clauseText = z.string().trim().min(1, 'validation.required').max(CLAUSE_TEXT_MAX_LENGTH);

/**
 * PUT account-service/system/profile/clauses/{kind} (system administrators): both languages, and the version
 * the editor started from (409 when another version was written meanwhile). A changed text becomes a new
 * version; the same text changes nothing.
 */
export const clauseUpdateSchema = z.strictObject({
  textZh: clauseText,
  textEn: clauseText,
  version: z.number().int().min(1),
});
export type ClauseUpdate = z.infer<typeof clauseUpdateSchema>;

/** What a registering user accepted: the version of each text they were shown. */
export const consentSchema = z.strictObject({
  agreement: z.number().int().min(1),
  privacy: z.number().int().min(1),
});
export type Consent = z.infer<typeof consentSchema>;

/** The placeholders a text may hold, filled from the OEM profile when it is shown. */
export interface ClauseNames {
  /** The operator: the profile's copyright company. */
  operator: string;
  /** The product name. */
  product: string;
}

export function fillClause(text: string, names: ClauseNames): string {
  return text.replaceAll('{{operator}}', names.operator).replaceAll('{{product}}', names.product);
}

export type ClauseBlock = { kind: 'heading' | 'paragraph'; text: string };

/** A text's blocks: paragraphs are separated by a blank line; a line starting with `## ` is a heading. */
export function clauseBlocks(text: string): ClauseBlock[] {
  const blocks: ClauseBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n');
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
      paragraph = [];
    };
    for (const line of lines) {
      if (line.startsWith('## ')) {
        flush();
        blocks.push({ kind: 'heading', text: line.slice(3).trim() });
      } else if (line.trim() !== '') paragraph.push(line.trim());
    }
    flush();
  }
  return blocks;
}
