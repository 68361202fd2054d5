import {
  type OPTION_LABELS,
  ORG_LONG_TEXT_MAX_LENGTH,
  ORG_NAME_MAX_LENGTH,
  ORG_TEXT_MAX_LENGTH,
  PROJECT_PICTURES_MAX,
  PROJECT_SCOPE_LISTS,
  PROJECT_TYPES,
} from '@lintel/contracts/org';
import type { InfoField } from '../basicInfo';

/** The option lists of spec 001 §9 the form uses (keys from contracts, labels from OPTION_LABELS). */
export const OPTION_LISTS = { ...PROJECT_SCOPE_LISTS, types: PROJECT_TYPES } as const;
export type OptionList = keyof typeof OPTION_LISTS & keyof typeof OPTION_LABELS;

export type FieldKind =
  | { type: 'text'; max?: number; required?: boolean }
  | { type: 'shortName' }
  | { type: 'textarea'; max: number }
  | { type: 'select'; list: OptionList; allowClear?: boolean }
  | { type: 'multi'; list: OptionList }
  | { type: 'date' }
  | { type: 'integer'; suffix?: 'days' | 'floors' | 'people' }
  | { type: 'measure'; unitField?: InfoField; unitList?: OptionList; suffix?: 'metres' }
  | { type: 'city' }
  | { type: 'pictures'; max: number };

export interface FieldSpec {
  name: InfoField;
  kind: FieldKind;
  /** Takes the whole row (long texts, pictures). */
  wide?: boolean;
}

const text = (name: InfoField, max = ORG_TEXT_MAX_LENGTH): FieldSpec => ({
  name,
  kind: { type: 'text', max },
});

/** The sections of the basic-info form and their fields, in order; every field of spec 001 §3. */
export const BASIC_SECTIONS: readonly { key: string; fields: readonly FieldSpec[] }[] = [
  {
    key: 'general',
    fields: [
      { name: 'name', kind: { type: 'text', max: ORG_NAME_MAX_LENGTH, required: true } },
      { name: 'shortName', kind: { type: 'shortName' } },
      { name: 'status', kind: { type: 'select', list: 'statuses' } },
      { name: 'projectType', kind: { type: 'select', list: 'types', allowClear: true } },
      text('location'),
      { name: 'city', kind: { type: 'city' } },
      text('hierarchy'),
      text('address'),
      { name: 'profile', kind: { type: 'textarea', max: ORG_LONG_TEXT_MAX_LENGTH }, wide: true },
      { name: 'description', kind: { type: 'textarea', max: ORG_LONG_TEXT_MAX_LENGTH }, wide: true },
    ],
  },
  {
    key: 'dates',
    fields: [
      { name: 'plannedStartDate', kind: { type: 'date' } },
      { name: 'actualStartDate', kind: { type: 'date' } },
      { name: 'plannedDuration', kind: { type: 'integer', suffix: 'days' } },
      { name: 'actualDuration', kind: { type: 'integer', suffix: 'days' } },
      { name: 'completionDate', kind: { type: 'date' } },
    ],
  },
  {
    key: 'figures',
    fields: [
      {
        name: 'contractAmount',
        kind: { type: 'measure', unitField: 'contractAmountUnit', unitList: 'amountUnits' },
      },
      {
        name: 'constructionArea',
        kind: { type: 'measure', unitField: 'constructionAreaUnit', unitList: 'areaUnits' },
      },
      { name: 'landArea', kind: { type: 'measure', unitField: 'landAreaUnit', unitList: 'areaUnits' } },
      { name: 'buildingHeight', kind: { type: 'measure', suffix: 'metres' } },
      { name: 'excavationDepth', kind: { type: 'measure', suffix: 'metres' } },
      { name: 'floorsAboveGround', kind: { type: 'integer', suffix: 'floors' } },
      { name: 'floorsUnderground', kind: { type: 'integer', suffix: 'floors' } },
      { name: 'managementHeadcount', kind: { type: 'integer', suffix: 'people' } },
      { name: 'attendanceHeadcount', kind: { type: 'integer', suffix: 'people' } },
      { name: 'partyMemberCount', kind: { type: 'integer', suffix: 'people' } },
      text('projectScale'),
    ],
  },
  {
    key: 'parties',
    fields: [
      text('generalContractor'),
      text('ownerUnit'),
      text('constructionUnit'),
      text('supervisionUnit'),
      text('designUnit'),
      text('executingUnit'),
      text('directlyOwnedCompany'),
      text('projectNature'),
      { name: 'investmentBody', kind: { type: 'select', list: 'investmentBodies', allowClear: true } },
      { name: 'contractingMode', kind: { type: 'select', list: 'contractingModes', allowClear: true } },
    ],
  },
  {
    key: 'goals',
    fields: [text('qualityGoal'), text('safetyGoal'), text('greenConstructionGoal')],
  },
  {
    key: 'classification',
    fields: [
      { name: 'level', kind: { type: 'select', list: 'levels', allowClear: true } },
      { name: 'classification', kind: { type: 'select', list: 'classifications', allowClear: true } },
      { name: 'constructionTechnologies', kind: { type: 'multi', list: 'constructionTechnologies' } },
      text('paidPlan'),
    ],
  },
  {
    key: 'pictures',
    fields: [
      { name: 'image', kind: { type: 'pictures', max: 1 }, wide: true },
      { name: 'pictures', kind: { type: 'pictures', max: PROJECT_PICTURES_MAX }, wide: true },
    ],
  },
];
