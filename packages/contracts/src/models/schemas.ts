import { z } from 'zod';
import { idSchema } from '../common/ids';
import { listQuerySchema } from '../common/paging';
import type { WhereFields } from '../common/where';
import {
  ELEMENT_BASIC_ATTRIBUTES,
  ELEMENT_CHANGE_KINDS,
  ELEMENT_DISCIPLINES,
  MODEL_STATUSES,
  MODEL_TAG_TYPES,
  SPATIAL_NODE_KINDS,
} from './options';

// ── limits (spec 001 §5) ─────────────────────────────────────────────────────────────────────────────────

export const MODEL_NAME_MAX_LENGTH = 60;
export const MODEL_REMARK_MAX_LENGTH = 500;
/** Default upper bound of one IFC upload; the server's MODEL_UPLOAD_MAX_BYTES may raise or lower it. */
export const MODEL_UPLOAD_DEFAULT_MAX_BYTES = 1024 * 1024 * 1024;
/** Above this an upload goes through tus (resumable) in the web; the plain multipart POST takes any size. */
export const MODEL_RESUMABLE_THRESHOLD_BYTES = 8 * 1024 * 1024;
/** An IFC GlobalId is 22 characters; other exporters write longer GUIDs. */
export const GLOBAL_ID_MAX_LENGTH = 64;
/** Viewport name and remark (spec 001 §5). */
export const VIEWPORT_NAME_MAX_LENGTH = 30;
export const VIEWPORT_REMARK_MAX_LENGTH = 150;
/** Elements a viewport may hide or isolate, and a selection set may hold, over all its models. */
export const ELEMENT_SET_MAX = 20_000;
export const CLIPPING_PLANES_MAX = 6;
/** Models in one viewport, selection set or federated view. */
export const FEDERATION_MODELS_MAX = 20;
export const SELECTION_SET_NAME_MAX_LENGTH = 30;
export const SELECTION_SET_REMARK_MAX_LENGTH = 150;
export const SETTING_NAME_MAX_LENGTH = 30;
/** Tags on one viewport or model. */
export const TAGS_PER_ITEM_MAX = 20;
/** Property sets × properties the attribute display may name. */
export const ATTRIBUTE_DISPLAY_ENTRIES_MAX = 100;

// ── models and versions ──────────────────────────────────────────────────────────────────────────────────

/** A failed conversion's reason: `key` from CONVERSION_FAILURE_KEYS, `message` in the reader's language. */
export const conversionErrorSchema = z.object({
  key: z.string(),
  message: z.string(),
  /** The parser's own words when it gave any (never a stack trace). */
  detail: z.string().optional(),
});
export type ConversionError = z.infer<typeof conversionErrorSchema>;

export const modelVersionSchema = z.object({
  _id: idSchema,
  modelId: idSchema,
  /** 1, 2, 3 … per model. */
  number: z.number().int().min(1),
  fileName: z.string(),
  /** Bytes of the uploaded IFC (of the .ifc inside an .ifczip). */
  size: z.number().int().min(0),
  status: z.enum(MODEL_STATUSES),
  progress: z.number().int().min(0).max(100),
  error: conversionErrorSchema.nullable(),
  /** FILE_SCHEMA of the header (IFC2X3, IFC4 …); null until read. */
  schema: z.string().nullable(),
  elementCount: z.number().int().min(0).nullable(),
  fragmentsSize: z.number().int().min(0).nullable(),
  /** Milliseconds the conversion took, once ready. */
  conversionMs: z.number().int().min(0).nullable(),
  createdBy: idSchema,
  createdAt: z.string(),
  convertedAt: z.string().nullable(),
});
export type ModelVersion = z.infer<typeof modelVersionSchema>;

export const modelSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  name: z.string(),
  remark: z.string(),
  tagIds: z.array(idSchema),
  /** The current (latest) version: the one the viewer opens and the status shows. */
  currentVersion: modelVersionSchema,
  versionCount: z.number().int().min(1),
  createdBy: idSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Model = z.infer<typeof modelSchema>;

/**
 * POST model-service/projects/{id}/models (multipart: field `file`, optional `name`, `remark`, `tagIds` as
 * a comma list), and the tus upload's metadata (`projectId`, `filename`, `name`?). The name defaults to the
 * file name without its extension. When the project has a model of that name, the upload becomes its next
 * version (`created: false`); otherwise a new model (`created: true`).
 */
export const modelUploadFieldsSchema = z.strictObject({
  name: z.string().trim().min(1).max(MODEL_NAME_MAX_LENGTH).optional(),
  remark: z.string().trim().max(MODEL_REMARK_MAX_LENGTH).optional(),
  tagIds: z.array(idSchema).max(TAGS_PER_ITEM_MAX).optional(),
});
export const modelUploadResultSchema = z.object({ created: z.boolean(), model: modelSchema });
export type ModelUploadResult = z.infer<typeof modelUploadResultSchema>;

/** PUT model-service/models/{id}: rename (a name another model has is refused), remark, tags. */
export const modelUpdateSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(MODEL_NAME_MAX_LENGTH).optional(),
    remark: z.string().trim().max(MODEL_REMARK_MAX_LENGTH).optional(),
    tagIds: z
      .array(idSchema)
      .max(TAGS_PER_ITEM_MAX)
      .transform((ids) => [...new Set(ids)])
      .optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'validation.emptyUpdate');
export type ModelUpdate = z.input<typeof modelUpdateSchema>;

/** `where` of GET model-service/projects/{id}/models. `tagId` matches models carrying that tag. */
export const MODEL_WHERE_FIELDS = {
  name: 'string',
  status: 'string',
  tagId: 'string',
  createdBy: 'string',
  createdAt: 'date',
  updatedAt: 'date',
} as const satisfies WhereFields;
export const MODEL_ORDER_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;
export const DEFAULT_MODEL_ORDER = '-updatedAt';
export const modelsQuerySchema = listQuerySchema.strict();

// ── elements, tree, categories ───────────────────────────────────────────────────────────────────────────

export const elementPropertySchema = z.object({
  name: z.string(),
  /** Text, number or boolean as the IFC holds it; null for an empty value. */
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  /** The IFC measure type (IFCLENGTHMEASURE …) when given. */
  type: z.string().optional(),
});
/** A property set or a quantity set of an element. */
export const propertySetSchema = z.object({
  name: z.string(),
  properties: z.array(elementPropertySchema),
});
export type PropertySet = z.infer<typeof propertySetSchema>;

export const elementSchema = z.object({
  globalId: z.string(),
  /** The fragments' local id of the element in this version (what the viewer highlights). */
  localId: z.number().int(),
  ifcClass: z.string(),
  name: z.string().nullable(),
  /** The type's name (IfcRelDefinesByType) when any. */
  type: z.string().nullable(),
  storey: z.string().nullable(),
  discipline: z.enum(ELEMENT_DISCIPLINES),
});
export type ModelElement = z.infer<typeof elementSchema>;
/** GET model-service/models/{id}/elements/{globalId}: with its property and quantity sets. */
export const elementDetailSchema = elementSchema.extend({
  modelId: idSchema,
  versionId: idSchema,
  propertySets: z.array(propertySetSchema),
});
export type ModelElementDetail = z.infer<typeof elementDetailSchema>;

export const ELEMENT_WHERE_FIELDS = {
  globalId: 'string',
  ifcClass: 'string',
  name: 'string',
  storey: 'string',
  discipline: 'string',
  type: 'string',
} as const satisfies WhereFields;
export const ELEMENT_ORDER_FIELDS = ['name', 'ifcClass', 'storey', 'globalId'] as const;
/** GET model-service/models/{id}/elements: the list parameters and `versionId` (default: the current one). */
export const elementsQuerySchema = listQuerySchema.extend({ versionId: idSchema.optional() }).strict();
export const versionQuerySchema = z.strictObject({ versionId: idSchema.optional() });

/** GET model-service/models/{id}/tree: site / building / storey / space / element, as stored. */
export interface SpatialNode {
  kind: (typeof SPATIAL_NODE_KINDS)[number];
  /** null for nodes without a GlobalId. */
  globalId: string | null;
  localId: number | null;
  ifcClass: string;
  name: string | null;
  children: SpatialNode[];
}
export const spatialNodeSchema: z.ZodType<SpatialNode> = z.lazy(() =>
  z.object({
    kind: z.enum(SPATIAL_NODE_KINDS),
    globalId: z.string().nullable(),
    localId: z.number().int().nullable(),
    ifcClass: z.string(),
    name: z.string().nullable(),
    children: z.array(spatialNodeSchema),
  }),
);
/** GET model-service/models/{id}/categories: the IFC classes of the version's elements with counts. */
export const categoryCountSchema = z.object({
  ifcClass: z.string(),
  discipline: z.enum(ELEMENT_DISCIPLINES),
  count: z.number().int().min(0),
});
export type CategoryCount = z.infer<typeof categoryCountSchema>;

// ── version compare ──────────────────────────────────────────────────────────────────────────────────────

/** GET model-service/models/{id}/compare?from={versionId}&to={versionId} (both of this model). */
export const compareQuerySchema = z.strictObject({ from: idSchema, to: idSchema });
export const elementChangeSchema = z.object({
  kind: z.enum(ELEMENT_CHANGE_KINDS),
  globalId: z.string(),
  ifcClass: z.string(),
  name: z.string().nullable(),
  /** Local ids in the `from` (removed, changed) and `to` (added, changed) versions. */
  fromLocalId: z.number().int().nullable(),
  toLocalId: z.number().int().nullable(),
  /** For `changed`: what differs. */
  geometryChanged: z.boolean(),
  propertiesChanged: z.boolean(),
});
export type ElementChange = z.infer<typeof elementChangeSchema>;
export const compareResultSchema = z.object({
  from: idSchema,
  to: idSchema,
  counts: z.object({ added: z.number(), removed: z.number(), changed: z.number(), unchanged: z.number() }),
  changes: z.array(elementChangeSchema),
});
export type CompareResult = z.infer<typeof compareResultSchema>;

// ── element sets: what viewports and selection sets point at ─────────────────────────────────────────────

/** Elements of one model, by GlobalId (stable across versions, unlike local ids). */
export const modelElementsRefSchema = z.strictObject({
  modelId: idSchema,
  globalIds: z
    .array(z.string().trim().min(1).max(GLOBAL_ID_MAX_LENGTH))
    .max(ELEMENT_SET_MAX)
    .transform((ids) => [...new Set(ids)]),
});
export type ModelElementsRef = z.infer<typeof modelElementsRefSchema>;
const elementSetSchema = z
  .array(modelElementsRefSchema)
  .max(FEDERATION_MODELS_MAX)
  .refine(
    (refs) => refs.reduce((sum, ref) => sum + ref.globalIds.length, 0) <= ELEMENT_SET_MAX,
    'models.tooManyElements',
  );

const vector3 = z.tuple([z.number().finite(), z.number().finite(), z.number().finite()]);

/** Exactly where the camera was: restoring a viewport puts it back there. */
export const cameraSchema = z.strictObject({
  projection: z.enum(['perspective', 'orthographic']),
  position: vector3,
  target: vector3,
  /** Orthographic zoom (1 for perspective). */
  zoom: z.number().positive().finite().default(1),
});
export type Camera = z.infer<typeof cameraSchema>;
/** A section plane: the normal points at the part that is cut away. */
export const clippingPlaneSchema = z.strictObject({ normal: vector3, point: vector3 });
export const sectionBoxSchema = z.strictObject({ min: vector3, max: vector3 });

// ── viewports ────────────────────────────────────────────────────────────────────────────────────────────

export const viewportSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  name: z.string(),
  remark: z.string(),
  /** The models open when it was saved (federation); restoring opens them. */
  modelIds: z.array(idSchema),
  camera: cameraSchema,
  clippingPlanes: z.array(clippingPlaneSchema),
  sectionBox: sectionBoxSchema.nullable(),
  hidden: z.array(modelElementsRefSchema),
  /** When not null, only these elements were shown. */
  isolated: z.array(modelElementsRefSchema).nullable(),
  tagIds: z.array(idSchema),
  /** A small picture of the view (a project file id, from the upload of the web's canvas snapshot). */
  thumbnailFileId: idSchema.nullable(),
  createdBy: idSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Of `modelIds`, the models deleted since it was saved (the web says "model deleted", spec 001 §8). */
  missingModelIds: z.array(idSchema).optional(),
});
export type Viewport = z.infer<typeof viewportSchema>;

const viewportFields = {
  name: z.string().trim().min(1).max(VIEWPORT_NAME_MAX_LENGTH),
  remark: z.string().trim().max(VIEWPORT_REMARK_MAX_LENGTH).default(''),
  modelIds: z
    .array(idSchema)
    .min(1)
    .max(FEDERATION_MODELS_MAX)
    .transform((ids) => [...new Set(ids)]),
  camera: cameraSchema,
  clippingPlanes: z.array(clippingPlaneSchema).max(CLIPPING_PLANES_MAX).default([]),
  sectionBox: sectionBoxSchema.nullable().default(null),
  hidden: elementSetSchema.default([]),
  isolated: elementSetSchema.nullable().default(null),
  tagIds: z
    .array(idSchema)
    .max(TAGS_PER_ITEM_MAX)
    .transform((ids) => [...new Set(ids)])
    .default([]),
  thumbnailFileId: idSchema.nullable().default(null),
};
/** POST model-service/projects/{id}/viewports. */
export const viewportCreateSchema = z.strictObject(viewportFields);
export type ViewportCreate = z.input<typeof viewportCreateSchema>;
/** PUT model-service/viewports/{id}: any of the fields (no defaults applied). */
export const viewportUpdateSchema = z
  .strictObject({
    name: viewportFields.name.optional(),
    remark: z.string().trim().max(VIEWPORT_REMARK_MAX_LENGTH).optional(),
    modelIds: viewportFields.modelIds.optional(),
    camera: cameraSchema.optional(),
    clippingPlanes: z.array(clippingPlaneSchema).max(CLIPPING_PLANES_MAX).optional(),
    sectionBox: sectionBoxSchema.nullable().optional(),
    hidden: elementSetSchema.optional(),
    isolated: elementSetSchema.nullable().optional(),
    tagIds: z.array(idSchema).max(TAGS_PER_ITEM_MAX).optional(),
    thumbnailFileId: idSchema.nullable().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'validation.emptyUpdate');
export const VIEWPORT_WHERE_FIELDS = {
  name: 'string',
  createdBy: 'string',
  createdAt: 'date',
} as const satisfies WhereFields;
/** GET model-service/projects/{id}/viewports: list parameters, `modelId` (viewports showing it), `tagId`. */
export const viewportsQuerySchema = listQuerySchema
  .extend({ modelId: idSchema.optional(), tagId: idSchema.optional() })
  .strict();

// ── selection sets and their groups ──────────────────────────────────────────────────────────────────────

export const selectionSetSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  groupId: idSchema.nullable(),
  name: z.string(),
  remark: z.string(),
  items: z.array(modelElementsRefSchema),
  /** Sum of the items' GlobalIds. */
  elementCount: z.number().int().min(0),
  createdBy: idSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Of the items' models, those deleted since it was saved. */
  missingModelIds: z.array(idSchema).optional(),
  /**
   * GET selection-sets/{id} only: GlobalIds of the items not in their model's current version (elements
   * come and go between versions; they are kept, the viewer skips them).
   */
  missingCount: z.number().int().min(0).optional(),
});
export type SelectionSet = z.infer<typeof selectionSetSchema>;
/** POST model-service/projects/{id}/selection-sets; names are unique within a group. */
export const selectionSetCreateSchema = z.strictObject({
  name: z.string().trim().min(1).max(SELECTION_SET_NAME_MAX_LENGTH),
  remark: z.string().trim().max(SELECTION_SET_REMARK_MAX_LENGTH).default(''),
  groupId: idSchema.nullable().default(null),
  items: elementSetSchema.refine(
    (refs) => refs.some((ref) => ref.globalIds.length > 0),
    'models.emptySelection',
  ),
});
export type SelectionSetCreate = z.input<typeof selectionSetCreateSchema>;
export const selectionSetUpdateSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(SELECTION_SET_NAME_MAX_LENGTH).optional(),
    remark: z.string().trim().max(SELECTION_SET_REMARK_MAX_LENGTH).optional(),
    groupId: idSchema.nullable().optional(),
    items: elementSetSchema
      .refine((refs) => refs.some((ref) => ref.globalIds.length > 0), 'models.emptySelection')
      .optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'validation.emptyUpdate');
export const SELECTION_SET_WHERE_FIELDS = {
  name: 'string',
  groupId: 'string',
  createdBy: 'string',
} as const satisfies WhereFields;
/** GET model-service/projects/{id}/selection-sets: list parameters and `modelId` (sets with its elements). */
export const selectionSetsQuerySchema = listQuerySchema.extend({ modelId: idSchema.optional() }).strict();

/** Selection-set groups, viewport tags and model tags: named settings of a project (duplicates 409). */
export const namedSettingSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  name: z.string(),
  order: z.number().int(),
  createdAt: z.string(),
});
export type NamedSetting = z.infer<typeof namedSettingSchema>;
export const namedSettingCreateSchema = z.strictObject({
  name: z.string().trim().min(1).max(SETTING_NAME_MAX_LENGTH),
});
export const modelTagSchema = namedSettingSchema.extend({ type: z.enum(MODEL_TAG_TYPES) });
export type ModelTag = z.infer<typeof modelTagSchema>;
export const modelTagCreateSchema = z.strictObject({
  name: z.string().trim().min(1).max(SETTING_NAME_MAX_LENGTH),
  type: z.enum(MODEL_TAG_TYPES).default('other'),
});
export const modelTagUpdateSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(SETTING_NAME_MAX_LENGTH).optional(),
    type: z.enum(MODEL_TAG_TYPES).optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'validation.emptyUpdate');

// ── component attribute display (spec 001 §1 settings) ──────────────────────────────────────────────────

/**
 * GET/PUT model-service/projects/{id}/attribute-display: which basic attributes, and which property sets
 * (and within them which properties; null = all of the set) the properties panel and the component QR page
 * show. The default: every basic attribute and every property set.
 */
export const attributeDisplaySchema = z.strictObject({
  basic: z
    .array(z.enum(ELEMENT_BASIC_ATTRIBUTES))
    .transform((names) => [...new Set(names)])
    .default([...ELEMENT_BASIC_ATTRIBUTES]),
  /** null: every property set; else only these, in this order. */
  propertySets: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1).max(100),
        properties: z.array(z.string().trim().min(1).max(100)).max(200).nullable().default(null),
      }),
    )
    .max(ATTRIBUTE_DISPLAY_ENTRIES_MAX)
    .nullable()
    .default(null),
});
export type AttributeDisplay = z.infer<typeof attributeDisplaySchema>;

// ── component QR codes: a public share page of one element ──────────────────────────────────────────────

/** POST model-service/models/{id}/elements/{globalId}/share: the element's share (the same one each time). */
export const elementShareSchema = z.object({
  token: z.string(),
  /** The web path of the share page: `/share/element/{token}`. */
  path: z.string(),
  modelId: idSchema,
  globalId: z.string(),
  createdAt: z.string(),
});
export type ElementShare = z.infer<typeof elementShareSchema>;
/** GET model-service/shares/{token} (no sign-in): what the share page shows. */
export const elementSharePageSchema = z.object({
  projectName: z.string(),
  modelName: z.string(),
  element: elementSchema,
  /** Only what the project's attribute display allows. */
  attributes: z.array(z.object({ key: z.string(), value: z.union([z.string(), z.number(), z.null()]) })),
  propertySets: z.array(propertySetSchema),
  /** Open topics linked to the element: number, name, status, deadline. */
  openTopics: z.array(
    z.object({ number: z.number(), name: z.string(), status: z.string(), deadline: z.string().nullable() }),
  ),
});
export type ElementSharePage = z.infer<typeof elementSharePageSchema>;
export const shareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
/** GET model-service/projects/{id}/shares: the elements with a QR code (the "entity QR code" page). */
export const elementShareListItemSchema = elementShareSchema.extend({
  modelName: z.string(),
  /** From the model's current version; null when the element is not in it (any more). */
  elementName: z.string().nullable(),
  ifcClass: z.string().nullable(),
  /** The model was deleted: the public page answers 410. */
  modelDeleted: z.boolean(),
  createdBy: idSchema,
});
export type ElementShareListItem = z.infer<typeof elementShareListItemSchema>;

/**
 * DELETE model-service/selection-set-groups/{id}: a group holding sets is refused (409 models.groupInUse
 * with the count) unless `moveTo` says where its sets go: another group's id, or `none` (ungrouped).
 */
export const groupDeleteQuerySchema = z.strictObject({
  moveTo: z.union([idSchema, z.literal('none')]).optional(),
});
