// The viewport form's rules (spec 001 §5: name ≤ 30, remark ≤ 150), as locale keys so the panel and the
// tests share them; the server checks the same limits (contracts viewportCreateSchema).
import {
  SELECTION_SET_NAME_MAX_LENGTH,
  SELECTION_SET_REMARK_MAX_LENGTH,
  TAGS_PER_ITEM_MAX,
  VIEWPORT_NAME_MAX_LENGTH,
  VIEWPORT_REMARK_MAX_LENGTH,
} from '@lintel/contracts/models';

export interface NamedFields {
  name: string;
  remark: string;
}
export type FieldProblems = Partial<Record<'name' | 'remark' | 'tagIds', string>>;

function checkNamed(values: NamedFields, nameMax: number, remarkMax: number): FieldProblems {
  const problems: FieldProblems = {};
  const name = values.name.trim();
  if (name === '') problems.name = 'validation.nameRequired';
  else if (name.length > nameMax) problems.name = 'validation.nameTooLong';
  if (values.remark.trim().length > remarkMax) problems.remark = 'validation.remarkTooLong';
  return problems;
}

export function checkViewportFields(values: NamedFields & { tagIds?: readonly string[] }): FieldProblems {
  const problems = checkNamed(values, VIEWPORT_NAME_MAX_LENGTH, VIEWPORT_REMARK_MAX_LENGTH);
  if ((values.tagIds?.length ?? 0) > TAGS_PER_ITEM_MAX) problems.tagIds = 'validation.tooManyTags';
  return problems;
}

export function checkSelectionSetFields(values: NamedFields): FieldProblems {
  return checkNamed(values, SELECTION_SET_NAME_MAX_LENGTH, SELECTION_SET_REMARK_MAX_LENGTH);
}
