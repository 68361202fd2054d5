import { ENGINEERING_TYPE_OPTIONS, WORK_OPTIONS } from '../account/options';
import type { Language } from '../common/language';

/**
 * The option lists of spec 001 §4 and §9, as keys. Stored and sent as keys; labels come from
 * `OPTION_LABELS` (zh-CN, en-US), which GET projects_types and GET projects_scopes answer and the web shows.
 */

/** Project status (spec 001 §4): preparation … delayed construction. */
export const PROJECT_STATUSES = [
  'preparation',
  'underConstruction',
  'completed',
  'suspended',
  'resumed',
  'postponed',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Project types (spec 001 §9); the same list as the profile's engineering types. */
export const PROJECT_TYPES = ENGINEERING_TYPE_OPTIONS;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export const PROJECT_LEVELS = [
  'nationalKey',
  'provincialKey',
  'municipalKey',
  'groupKey',
  'general',
] as const;
export type ProjectLevel = (typeof PROJECT_LEVELS)[number];

export const PROJECT_CLASSIFICATIONS = ['directlyManaged', 'classA', 'classB'] as const;
export type ProjectClassification = (typeof PROJECT_CLASSIFICATIONS)[number];

export const INVESTMENT_BODIES = [
  'government',
  'stateOwned',
  'jointStock',
  'organisation',
  'foreign',
  'individual',
] as const;
export type InvestmentBody = (typeof INVESTMENT_BODIES)[number];

export const CONTRACTING_MODES = [
  'generalProject',
  'epc',
  'constructionGeneral',
  'refinedSubcontracting',
  'expandedLabour',
  'financeDriven',
] as const;
export type ContractingMode = (typeof CONTRACTING_MODES)[number];

export const CONSTRUCTION_TECHNOLOGIES = [
  'conventional',
  'superHighStructure',
  'superLargeFoundation',
  'underground',
  'underwater',
  'special',
] as const;
export type ConstructionTechnology = (typeof CONSTRUCTION_TECHNOLOGIES)[number];

/** Works options (spec 001 §9); the same list as the profile's job types. */
export const WORKS = WORK_OPTIONS;
export type Work = (typeof WORKS)[number];

/** Units of spec 001 §9, for the amounts and areas of the project information. */
export const AMOUNT_UNITS = ['yuan', 'tenThousandYuan', 'hundredMillionYuan'] as const;
export type AmountUnit = (typeof AMOUNT_UNITS)[number];
export const AREA_UNITS = ['squareMetre', 'tenThousandSquareMetres', 'hundredMillionSquareMetres'] as const;
export type AreaUnit = (typeof AREA_UNITS)[number];

type Labels = Record<Language, string>;
const l = (zh: string, en: string): Labels => ({ 'zh-CN': zh, 'en-US': en });

/** Every list's labels, by list then key. */
export const OPTION_LABELS = {
  statuses: {
    preparation: l('筹备', 'Preparation'),
    underConstruction: l('在建', 'Under construction'),
    completed: l('竣工', 'Completed'),
    suspended: l('停工', 'Work stopped'),
    resumed: l('复工', 'Work resumed'),
    postponed: l('缓建', 'Delayed construction'),
  },
  types: {
    architecture: l('建筑', 'Architecture'),
    structure: l('结构', 'Structure'),
    mechanicalElectrical: l('机电', 'Mechanical and electrical'),
    municipalRailTunnel: l('市政/轨道/隧道', 'Municipal / rail / tunnel'),
    equipment: l('设备', 'Equipment'),
    powerWater: l('电力/水利', 'Power / water'),
    aviationPort: l('民航/港口', 'Civil aviation / port'),
    decoration: l('装饰装修', 'Decoration'),
    landscape: l('园林景观', 'Landscape'),
    other: l('其他', 'Other'),
  },
  levels: {
    nationalKey: l('国家重点', 'National key'),
    provincialKey: l('省重点', 'Provincial key'),
    municipalKey: l('市重点', 'Municipal key'),
    groupKey: l('集团重点', 'Group key'),
    general: l('一般', 'General'),
  },
  classifications: {
    directlyManaged: l('直管', 'Directly managed'),
    classA: l('A类', 'Class A'),
    classB: l('B类', 'Class B'),
  },
  investmentBodies: {
    government: l('政府', 'Government'),
    stateOwned: l('国有企业', 'State-owned enterprise'),
    jointStock: l('股份制企业', 'Joint-stock company'),
    organisation: l('机关事业单位', 'Organisation'),
    foreign: l('外资', 'Foreign'),
    individual: l('个人', 'Individual'),
  },
  contractingModes: {
    generalProject: l('工程总承包', 'General project contracting'),
    epc: l('EPC', 'EPC'),
    constructionGeneral: l('施工总承包', 'Construction general contracting'),
    refinedSubcontracting: l('精细化分包', 'Refined subcontracting'),
    expandedLabour: l('扩大劳务分包（仅海外）', 'Expanded labour subcontracting (overseas only)'),
    financeDriven: l('投融资带动总承包', 'Finance-driven general contracting'),
  },
  constructionTechnologies: {
    conventional: l('常规', 'Conventional'),
    superHighStructure: l('超高层结构', 'Super high structure'),
    superLargeFoundation: l('超大基础', 'Super large foundation'),
    underground: l('地下工程', 'Underground'),
    underwater: l('水下工程', 'Underwater'),
    special: l('特殊工程', 'Special'),
  },
  works: {
    construction: l('施工', 'Construction'),
    design: l('设计', 'Design'),
    cost: l('造价', 'Cost'),
    supervision: l('监理', 'Supervision'),
    consulting: l('咨询', 'Consulting'),
    operations: l('运维', 'Operations'),
    procurement: l('采购', 'Procurement'),
    other: l('其他', 'Other'),
  },
  amountUnits: {
    yuan: l('元', 'yuan'),
    tenThousandYuan: l('万元', 'ten thousand yuan'),
    hundredMillionYuan: l('亿元', 'hundred million yuan'),
  },
  areaUnits: {
    squareMetre: l('平方米', 'square metres'),
    tenThousandSquareMetres: l('万平方米', 'ten thousand square metres'),
    hundredMillionSquareMetres: l('亿平方米', 'hundred million square metres'),
  },
} as const satisfies Record<string, Record<string, Labels>>;

/** The lists GET projects_scopes answers (everything of the project information but the types). */
export const PROJECT_SCOPE_LISTS = {
  statuses: PROJECT_STATUSES,
  levels: PROJECT_LEVELS,
  classifications: PROJECT_CLASSIFICATIONS,
  investmentBodies: INVESTMENT_BODIES,
  contractingModes: CONTRACTING_MODES,
  constructionTechnologies: CONSTRUCTION_TECHNOLOGIES,
  works: WORKS,
  amountUnits: AMOUNT_UNITS,
  areaUnits: AREA_UNITS,
} as const;
export type ProjectScopeList = keyof typeof PROJECT_SCOPE_LISTS;

/** One option as the reference endpoints answer it (the shape of the country codes: name, nameEn). */
export interface OptionItem {
  key: string;
  name: string;
  nameEn: string;
}

export function optionItems<L extends keyof typeof OPTION_LABELS>(
  list: L,
  keys: readonly (keyof (typeof OPTION_LABELS)[L] & string)[],
): OptionItem[] {
  const labels = OPTION_LABELS[list] as Record<string, Labels>;
  return keys.map((key) => ({
    key,
    name: labels[key]?.['zh-CN'] ?? key,
    nameEn: labels[key]?.['en-US'] ?? key,
  }));
}

/** The label of an option in a language; the key itself when unknown. */
export function optionLabel(list: keyof typeof OPTION_LABELS, key: string, language: Language): string {
  const labels = OPTION_LABELS[list] as Record<string, Labels>;
  return labels[key]?.[language] ?? key;
}
