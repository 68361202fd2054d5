import {
  disciplineOfIfcClass,
  type PropertySet,
  type SpatialNode,
  type SpatialNodeKind,
} from '@lintel/contracts/models';
import type { ItemAttribute, ItemData, MeshData, SingleThreadedFragmentsModel } from '@thatopen/fragments';
import { combinedHash, geometryHash, propertiesHash, type WorldMesh } from './hash';
import type { ConvertedElement } from './types';

/**
 * Reads the element index and the spatial tree out of a converted fragments model (inside the conversion
 * worker). Everything here is synchronous over the in-memory model; `onProgress` gets 0..1 between batches.
 */

type ElementProperty = PropertySet['properties'][number];

/** Items fetched per getItemsData / getItemsGeometry call: bounded memory, and progress between calls. */
const BATCH = 250;

const OFF = { attributes: false, relations: false };
/**
 * Follow IsDefinedBy (property sets, quantity sets and the type object) one level and, from a set, its
 * properties or quantities; nothing else (the type's own relations point back at every occurrence).
 */
const ELEMENT_DATA = {
  attributesDefault: true,
  relationsDefault: OFF,
  relations: {
    IsDefinedBy: { attributes: true, relations: true },
    HasProperties: { attributes: true, relations: false },
    Quantities: { attributes: true, relations: false },
    DefinesOccurrence: OFF,
    ObjectTypeOf: OFF,
  },
};

/** The IFC classes of the spatial structure, and the kind of tree node each becomes. */
const SPATIAL_KINDS: Readonly<Record<string, SpatialNodeKind>> = {
  IFCPROJECT: 'project',
  IFCSITE: 'site',
  IFCBUILDING: 'building',
  IFCBUILDINGSTOREY: 'storey',
  IFCSPACE: 'space',
};

/** A node of the fragments' spatial structure: category nodes group the items below them. */
interface FragmentsNode {
  category: string | null;
  localId: number | null;
  children?: FragmentsNode[];
}

export interface ExtractedModel {
  tree: SpatialNode;
  elements: ConvertedElement[];
}

export function extractModel(
  model: SingleThreadedFragmentsModel,
  onProgress: (fraction: number) => void,
): ExtractedModel {
  const structure = model.getSpatialStructure() as FragmentsNode;
  const spatial = readSpatialStructure(structure);
  const names = namesOf(model, [...spatial.classOf.keys()]);
  const tree = buildTree(structure, names, spatial.classOf);
  const storeyNameOf = new Map<number, string | null>();
  for (const [id, storey] of spatial.storeyOf) storeyNameOf.set(id, names.get(storey)?.name ?? null);
  onProgress(0.05);

  const origin = originOf(model);
  const ids = model.getItemsIdsWithGeometry();
  const elements: ConvertedElement[] = [];
  const seen = new Set<string>();
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    const items = model.getItemsData(batch, ELEMENT_DATA);
    const geometries = model.getItemsGeometry(batch);
    items.forEach((item, index) => {
      const meshes = (geometries[index] ?? []).map((mesh) => worldMesh(mesh, origin));
      const element = toElement(item, geometryHash(meshes), storeyNameOf);
      // An item without a GlobalId cannot be linked or compared across versions; a repeated one (a broken
      // export) would make the index ambiguous: the first wins.
      if (!element || seen.has(element.globalId)) return;
      seen.add(element.globalId);
      elements.push(element);
    });
    onProgress(0.05 + (0.9 * Math.min(ids.length, start + BATCH)) / Math.max(ids.length, 1));
  }

  // Elements made of parts (a window of members and plates, a roof of slabs, a stair of flights) have no
  // geometry of their own, yet they are what people link topics to: they join the index with a geometry
  // hash over their parts'.
  const aggregates = aggregateHashes(tree, new Map(elements.map((element) => [element.globalId, element])));
  const aggregateIds = [...aggregates.keys()];
  for (let start = 0; start < aggregateIds.length; start += BATCH) {
    const batch = aggregateIds.slice(start, start + BATCH);
    model.getItemsData(batch, ELEMENT_DATA).forEach((item, index) => {
      const element = toElement(item, aggregates.get(batch[index] as number) as string, storeyNameOf);
      if (!element || seen.has(element.globalId)) return;
      seen.add(element.globalId);
      elements.push(element);
    });
  }
  onProgress(1);
  return { tree, elements };
}

/**
 * Local id → geometry hash of every element node of the tree that is not indexed itself but has indexed
 * elements below it (bottom-up, so an aggregate of aggregates counts its parts' parts).
 */
function aggregateHashes(tree: SpatialNode, indexed: Map<string, ConvertedElement>): Map<number, string> {
  const hashes = new Map<number, string>();
  /** The geometry hashes under and at `node`. */
  const walk = (node: SpatialNode): string[] => {
    const below = node.children.flatMap(walk);
    const own = node.globalId ? indexed.get(node.globalId) : undefined;
    if (own) return [own.geometryHash, ...below];
    if (node.kind === 'element' && node.globalId && node.localId !== null && below.length > 0) {
      const hash = combinedHash(below);
      hashes.set(node.localId, hash);
      return [hash];
    }
    return below;
  };
  walk(tree);
  return hashes;
}

// ── the spatial structure ────────────────────────────────────────────────────────────────────────────────

interface SpatialIndex {
  /** IFC class of every item in the structure (from its category node). */
  classOf: Map<number, string>;
  /** Local id → the nearest IFCBUILDINGSTOREY above it (its local id). */
  storeyOf: Map<number, number>;
}

function readSpatialStructure(root: FragmentsNode): SpatialIndex {
  const classOf = new Map<number, string>();
  const storeyOf = new Map<number, number>();
  const walk = (node: FragmentsNode, category: string | null, storey: number | null) => {
    if (node.localId !== null && node.localId !== undefined) {
      if (category) classOf.set(node.localId, category);
      if (storey !== null) storeyOf.set(node.localId, storey);
      const below = category === 'IFCBUILDINGSTOREY' ? node.localId : storey;
      for (const child of node.children ?? []) walk(child, null, below);
      return;
    }
    for (const child of node.children ?? []) walk(child, node.category ?? category, storey);
  };
  walk(root, null, null);
  return { classOf, storeyOf };
}

interface NodeNames {
  globalId: string | null;
  name: string | null;
}

/** GlobalId and name of the structure's items (spaces show their LongName when they have no Name). */
function namesOf(model: SingleThreadedFragmentsModel, ids: number[]): Map<number, NodeNames> {
  const names = new Map<number, NodeNames>();
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    const items = model.getItemsData(batch, {
      attributesDefault: false,
      attributes: ['Name', 'LongName'],
      relationsDefault: OFF,
    });
    items.forEach((item, index) => {
      names.set(batch[index] as number, {
        globalId: text(item._guid),
        name: text(item.Name) ?? text(item.LongName),
      });
    });
  }
  return names;
}

/**
 * The compact tree: spatial containers with their elements as leaves (an element keeps the parts it is
 * made of, a window its members); the fragments' category nodes are flattened away.
 */
function buildTree(
  root: FragmentsNode,
  names: Map<number, NodeNames>,
  classOf: Map<number, string>,
): SpatialNode {
  const toNodes = (node: FragmentsNode): SpatialNode[] => {
    if (node.localId === null || node.localId === undefined) return (node.children ?? []).flatMap(toNodes);
    const ifcClass = classOf.get(node.localId) ?? 'IFCPRODUCT';
    const about = names.get(node.localId);
    return [
      {
        kind: SPATIAL_KINDS[ifcClass] ?? 'element',
        globalId: about?.globalId ?? null,
        localId: node.localId,
        ifcClass,
        name: about?.name ?? null,
        children: (node.children ?? []).flatMap(toNodes),
      },
    ];
  };
  const top = toNodes(root);
  if (top.length === 1 && top[0]) return top[0];
  // No IFCPROJECT at the root (an odd export): one synthetic project node keeps the tree a tree.
  return {
    kind: 'project',
    globalId: null,
    localId: null,
    ifcClass: 'IFCPROJECT',
    name: null,
    children: top,
  };
}

// ── elements ─────────────────────────────────────────────────────────────────────────────────────────────

function toElement(
  item: ItemData,
  geometry: string,
  storeyNameOf: Map<number, string | null>,
): ConvertedElement | null {
  const globalId = text(item._guid);
  const localId = item._localId && !Array.isArray(item._localId) ? Number(item._localId.value) : Number.NaN;
  const ifcClass = text(item._category);
  if (!globalId || !Number.isInteger(localId) || !ifcClass) return null;
  const name = text(item.Name);
  const definitions = relation(item.IsDefinedBy);
  const typeObject = definitions.find((definition) => /TYPE$|STYLE$/.test(text(definition._category) ?? ''));
  const type = typeObject ? text(typeObject.Name) : null;
  const propertySets = definitions.flatMap((definition) => {
    const set = toPropertySet(definition);
    return set ? [set] : [];
  });
  propertySets.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    globalId,
    localId,
    ifcClass,
    name,
    type,
    storey: storeyNameOf.get(localId) ?? null,
    discipline: disciplineOfIfcClass(ifcClass),
    geometryHash: geometry,
    propertiesHash: propertiesHash(name, type, propertySets),
    propertySets,
  };
}

/** IFCPROPERTYSET → its properties; IFCELEMENTQUANTITY → its quantities; anything else → null. */
function toPropertySet(definition: ItemData): PropertySet | null {
  const category = text(definition._category);
  const members =
    category === 'IFCPROPERTYSET'
      ? relation(definition.HasProperties)
      : category === 'IFCELEMENTQUANTITY'
        ? relation(definition.Quantities)
        : null;
  const name = text(definition.Name);
  if (!members || !name) return null;
  const properties = members.flatMap((member) => {
    const property = toProperty(member);
    return property ? [property] : [];
  });
  return { name, properties };
}

/** Attributes of a property or quantity that are about it rather than its value. */
const NOT_VALUES = new Set(['Name', 'Description', 'Unit', 'Formula', 'Specification']);

/**
 * The value of a property or quantity, whatever its IFC class: NominalValue (single value), LengthValue,
 * AreaValue … (quantities), EnumerationValues and ListValues (joined), Lower/UpperBoundValue (a range).
 */
function toProperty(member: ItemData): ElementProperty | null {
  const name = text(member.Name);
  if (!name) return null;
  const lower = attribute(member.LowerBoundValue);
  const upper = attribute(member.UpperBoundValue);
  if (lower || upper) {
    const range = `${scalar(lower?.value) ?? ''} – ${scalar(upper?.value) ?? ''}`;
    return withType({ name, value: range }, (lower ?? upper)?.type);
  }
  for (const [key, entry] of Object.entries(member)) {
    if (key.startsWith('_') || NOT_VALUES.has(key)) continue;
    if (Array.isArray(entry)) continue;
    if (key.endsWith('Values') && Array.isArray(entry.value)) {
      const values = (entry.value as unknown[]).map((value) => scalar(unwrap(value)) ?? '').filter(Boolean);
      return withType({ name, value: values.join(', ') }, entry.type);
    }
    if (key.endsWith('Value')) return withType({ name, value: scalar(entry.value) }, entry.type);
  }
  return { name, value: null };
}

function withType(property: ElementProperty, type: string | undefined): ElementProperty {
  return type ? { ...property, type } : property;
}

/** A list value holds bare values or `{ value, type }` wrappers, depending on the IFC class. */
function unwrap(value: unknown): unknown {
  return value !== null && typeof value === 'object' && 'value' in value ? value.value : value;
}

function scalar(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  return String(value);
}

function attribute(entry: ItemAttribute | ItemData[] | undefined): ItemAttribute | null {
  return entry && !Array.isArray(entry) ? entry : null;
}

function relation(entry: ItemAttribute | ItemData[] | undefined): ItemData[] {
  return Array.isArray(entry) ? entry : [];
}

function text(entry: ItemAttribute | ItemData[] | undefined): string | null {
  const value = attribute(entry)?.value;
  if (value === null || value === undefined) return null;
  const string = String(value).trim();
  return string === '' ? null : string;
}

// ── geometry ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The model's shift to the origin (web-ifc's COORDINATE_TO_ORIGIN moves the model near 0,0,0 by an offset
 * taken from its geometry); adding it back makes an element's hash independent of where the rest moved.
 */
function originOf(model: SingleThreadedFragmentsModel): [number, number, number] {
  const coordinates = model.getCoordinates();
  return [coordinates[0] ?? 0, coordinates[1] ?? 0, coordinates[2] ?? 0];
}

/** A mesh's vertices through its transform (column-major 4×4), in model coordinates. */
function worldMesh(mesh: MeshData, origin: readonly [number, number, number]): WorldMesh {
  const source = mesh.positions ?? new Float32Array(0);
  const m = mesh.transform.elements;
  const positions = new Float64Array(source.length);
  for (let i = 0; i + 2 < source.length; i += 3) {
    const x = source[i] as number;
    const y = source[i + 1] as number;
    const z = source[i + 2] as number;
    positions[i] =
      (m[0] as number) * x + (m[4] as number) * y + (m[8] as number) * z + (m[12] as number) - origin[0];
    positions[i + 1] =
      (m[1] as number) * x + (m[5] as number) * y + (m[9] as number) * z + (m[13] as number) - origin[1];
    positions[i + 2] =
      (m[2] as number) * x + (m[6] as number) * y + (m[10] as number) * z + (m[14] as number) - origin[2];
  }
  return mesh.indices ? { positions, indices: mesh.indices } : { positions };
}
