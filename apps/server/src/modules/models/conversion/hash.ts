import { createHash, type Hash } from 'node:crypto';
import type { PropertySet } from '@lintel/contracts/models';

/**
 * The digests version compare relies on. They must not depend on the order the exporter (or web-ifc)
 * happened to write things in, only on what the element is: sets and properties are sorted, meshes are
 * hashed one by one and their digests sorted, coordinates are rounded.
 */

/** 1e-4 model units (0.1 mm in metres): below what a modeller changes, above float32 noise. */
const GEOMETRY_PRECISION = 1e4;

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(inner).sort()) sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  });
}

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** sha256 over name, type and the property sets (sets and their properties in name order). */
export function propertiesHash(
  name: string | null,
  type: string | null,
  propertySets: PropertySet[],
): string {
  const sets = propertySets
    .map((set) => ({ name: set.name, properties: [...set.properties].sort(byName) }))
    .sort(byName);
  return createHash('sha256').update(canonicalJson({ name, type, sets })).digest('hex');
}

/** One mesh of an element: its vertices already in model coordinates, and its triangles. */
export interface WorldMesh {
  /** x, y, z … in model coordinates (after the mesh's transform and the model's origin shift). */
  positions: ArrayLike<number>;
  indices?: ArrayLike<number>;
}

/**
 * sha256 over an element's meshes: each mesh's rounded vertices and its triangles hashed on their own, the
 * digests sorted and hashed together (meshes may come in another order from another export).
 */
export function geometryHash(meshes: readonly WorldMesh[]): string {
  const digests = meshes.map((mesh) => {
    const hash = createHash('sha256');
    const rounded = new Float64Array(mesh.positions.length);
    for (let i = 0; i < mesh.positions.length; i++) {
      // + 0 turns -0 into 0, so a coordinate rounding to zero from either side hashes alike.
      rounded[i] = Math.round((mesh.positions[i] as number) * GEOMETRY_PRECISION) + 0;
    }
    hash.update(new Uint8Array(rounded.buffer));
    if (mesh.indices) updateWithIndices(hash, mesh.indices);
    return hash.digest('hex');
  });
  return combinedHash(digests);
}

/** sha256 over a set of digests (order-free): an element made of parts hashes its parts' hashes. */
export function combinedHash(digests: readonly string[]): string {
  const all = createHash('sha256');
  for (const digest of [...digests].sort()) all.update(digest);
  return all.digest('hex');
}

function updateWithIndices(hash: Hash, indices: ArrayLike<number>): void {
  const copy = new Uint32Array(indices.length);
  for (let i = 0; i < indices.length; i++) copy[i] = indices[i] as number;
  hash.update(new Uint8Array(copy.buffer));
}
