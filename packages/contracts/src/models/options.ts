// BIM models (issue 8): the option lists and the fixed vocabulary the server and the web share.

type Label = Readonly<{ name: string; nameEn: string }>;
const l = (name: string, nameEn: string): Label => ({ name, nameEn });

/** The permission module of models, viewports, selection sets and the model settings (contracts/permissions). */
export const MODELS_MODULE_KEY = 'modelViewer';

/**
 * A version's conversion state; a model carries the state of its current (latest) version. `queued`: waiting
 * for a conversion slot; `converting`: IFC → fragments running (with `progress` 0–100); `ready`: the
 * fragments and the element index are stored; `failed`: `error` says why (a cancelled conversion is failed
 * with the reason `models.conversion.cancelled`).
 */
export const MODEL_STATUSES = ['queued', 'converting', 'ready', 'failed'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];
export const MODEL_STATUS_LABELS: Readonly<Record<ModelStatus, Label>> = {
  queued: l('排队中', 'Queued'),
  converting: l('转换中', 'Converting'),
  ready: l('已就绪', 'Ready'),
  failed: l('转换失败', 'Failed'),
};

/**
 * Why a conversion failed: the `error.key` of a failed version (the message is rendered in the reader's
 * language from errors.json; `error.detail` may carry the parser's own words, never a stack).
 */
export const CONVERSION_FAILURE_KEYS = [
  'models.conversion.malformed',
  'models.conversion.noElements',
  'models.conversion.timeout',
  'models.conversion.memory',
  'models.conversion.cancelled',
  'models.conversion.interrupted',
  'models.conversion.internal',
] as const;
export type ConversionFailureKey = (typeof CONVERSION_FAILURE_KEYS)[number];

/** The IFC schemas the converter reads (the `FILE_SCHEMA` of the header). */
export const IFC_SCHEMAS = ['IFC2X3', 'IFC4', 'IFC4X3'] as const;
export type IfcSchema = (typeof IFC_SCHEMAS)[number];

/** Every IFC file starts with this (ISO 10303-21, the STEP physical file). */
export const IFC_FILE_HEADER = 'ISO-10303-21;';
/** Accepted upload names (case-insensitive). An .ifczip is a zip holding one .ifc. */
export const MODEL_FILE_EXTENSIONS = ['.ifc', '.ifczip'] as const;

/**
 * The coarse discipline of an element, derived from its IFC class (MODEL_DISCIPLINE_OF_CLASS); the element
 * index stores it so the viewer and the list filter by it.
 */
export const ELEMENT_DISCIPLINES = ['architecture', 'structure', 'mep', 'site', 'other'] as const;
export type ElementDiscipline = (typeof ELEMENT_DISCIPLINES)[number];
export const ELEMENT_DISCIPLINE_LABELS: Readonly<Record<ElementDiscipline, Label>> = {
  architecture: l('建筑', 'Architecture'),
  structure: l('结构', 'Structure'),
  mep: l('机电', 'MEP'),
  site: l('场地', 'Site'),
  other: l('其他', 'Other'),
};

const STRUCTURE = [
  'IFCBEAM',
  'IFCCOLUMN',
  'IFCFOOTING',
  'IFCPILE',
  'IFCMEMBER',
  'IFCPLATE',
  'IFCREINFORCINGBAR',
  'IFCREINFORCINGMESH',
  'IFCTENDON',
  'IFCSLAB',
];
const MEP_PREFIXES = [
  'IFCFLOW',
  'IFCDISTRIBUTION',
  'IFCENERGYCONVERSION',
  'IFCPIPE',
  'IFCDUCT',
  'IFCCABLE',
  'IFCAIRTERMINAL',
  'IFCLIGHTFIXTURE',
  'IFCSANITARYTERMINAL',
  'IFCVALVE',
  'IFCPUMP',
  'IFCFAN',
  'IFCBOILER',
  'IFCCHILLER',
  'IFCELECTRIC',
  'IFCOUTLET',
  'IFCSWITCHINGDEVICE',
  'IFCUNITARYEQUIPMENT',
  'IFCFIRESUPPRESSIONTERMINAL',
  'IFCALARM',
  'IFCSENSOR',
];
const SITE = ['IFCGEOGRAPHICELEMENT', 'IFCCIVILELEMENT', 'IFCEARTHWORKSFILL', 'IFCEARTHWORKSCUT', 'IFCSITE'];

/** The discipline of an IFC class (upper case, as web-ifc names them: `IFCWALLSTANDARDCASE`). */
export function disciplineOfIfcClass(ifcClass: string): ElementDiscipline {
  const name = ifcClass.toUpperCase();
  if (STRUCTURE.includes(name)) return 'structure';
  if (MEP_PREFIXES.some((prefix) => name.startsWith(prefix))) return 'mep';
  if (SITE.includes(name)) return 'site';
  if (
    /^IFC(WALL|WALLSTANDARDCASE|DOOR|WINDOW|ROOF|STAIR|STAIRFLIGHT|RAMP|RAMPFLIGHT|RAILING|CURTAINWALL|COVERING|FURNISHINGELEMENT|FURNITURE|BUILDINGELEMENTPROXY|SPACE|CHIMNEY|SHADINGDEVICE)$/.test(
      name,
    )
  )
    return 'architecture';
  return 'other';
}

/** Model tags carry a type (spec 001 §3 "model tag: name, type"): what the tag groups models by. */
export const MODEL_TAG_TYPES = ['discipline', 'building', 'floor', 'phase', 'other'] as const;
export type ModelTagType = (typeof MODEL_TAG_TYPES)[number];
export const MODEL_TAG_TYPE_LABELS: Readonly<Record<ModelTagType, Label>> = {
  discipline: l('专业', 'Discipline'),
  building: l('单体', 'Building'),
  floor: l('楼层', 'Floor'),
  phase: l('阶段', 'Phase'),
  other: l('其他', 'Other'),
};

/** The nodes of the spatial tree, outermost first; elements hang below the innermost container. */
export const SPATIAL_NODE_KINDS = ['project', 'site', 'building', 'storey', 'space', 'element'] as const;
export type SpatialNodeKind = (typeof SPATIAL_NODE_KINDS)[number];

/** What changed between two versions for an element present in both (by GlobalId). */
export const ELEMENT_CHANGE_KINDS = ['added', 'removed', 'changed'] as const;
export type ElementChangeKind = (typeof ELEMENT_CHANGE_KINDS)[number];

/** The basic attributes an element always has; the attribute display settings choose which to show. */
export const ELEMENT_BASIC_ATTRIBUTES = [
  'name',
  'globalId',
  'ifcClass',
  'storey',
  'discipline',
  'type',
] as const;
export type ElementBasicAttribute = (typeof ELEMENT_BASIC_ATTRIBUTES)[number];
export const ELEMENT_BASIC_ATTRIBUTE_LABELS: Readonly<Record<ElementBasicAttribute, Label>> = {
  name: l('名称', 'Name'),
  globalId: l('构件 ID', 'GlobalId'),
  ifcClass: l('类别', 'IFC class'),
  storey: l('楼层', 'Storey'),
  discipline: l('专业', 'Discipline'),
  type: l('类型', 'Type'),
};
