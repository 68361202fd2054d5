import { z } from 'zod';

/** Every record's `_id`: 24 lowercase hex characters, ObjectId-style and time-ordered (DESIGN.md §4). */
export const ID_PATTERN = /^[0-9a-f]{24}$/;
export const idSchema = z.string().regex(ID_PATTERN);
export type Id = z.infer<typeof idSchema>;
