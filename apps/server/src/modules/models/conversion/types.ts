import type {
  ConversionFailureKey,
  ElementDiscipline,
  PropertySet,
  SpatialNode,
} from '@lintel/contracts/models';

/** What one conversion may use: wall-clock time, and memory (V8 heap and web-ifc's wasm heap together). */
export interface ConversionLimits {
  timeoutMs: number;
  maxMemoryMb: number;
}

/** One element of the converted model, as the element index stores it. */
export interface ConvertedElement {
  globalId: string;
  /** The fragments' local id (what the viewer highlights). */
  localId: number;
  /** Upper case, as web-ifc names it: IFCWALLSTANDARDCASE. */
  ifcClass: string;
  name: string | null;
  /** The name of the element's type object (IfcRelDefinesByType), when any. */
  type: string | null;
  /** Name of the nearest IFCBUILDINGSTOREY above the element in the spatial structure. */
  storey: string | null;
  discipline: ElementDiscipline;
  /** sha256 (hex) of the element's geometry as the fragments hold it, rounded so float noise does not count. */
  geometryHash: string;
  /** sha256 (hex) of a canonical JSON of name, type and the sorted property/quantity sets. */
  propertiesHash: string;
  /** Property sets and quantity sets. */
  propertySets: PropertySet[];
}

export interface ConversionOutput {
  /** FILE_SCHEMA of the header: IFC2X3, IFC4, IFC4X3 … */
  schema: string | null;
  /** The .frag bytes (compressed; what the web viewer loads). */
  fragments: Uint8Array;
  /** project / site / building / storey / space / element. */
  tree: SpatialNode;
  /** Every element with geometry and a GlobalId (unique by GlobalId). */
  elements: ConvertedElement[];
}

export interface ConvertOptions {
  limits: ConversionLimits;
  /** 0..100, monotonic, throttled. */
  onProgress?: (percent: number) => void;
  /** Aborting terminates the worker at once and rejects with `models.conversion.cancelled`. */
  signal?: AbortSignal;
}

/** Why a conversion failed: `key` is one of CONVERSION_FAILURE_KEYS; `detail` the parser's words (no stack). */
export class ConversionFailure extends Error {
  readonly key: ConversionFailureKey;
  readonly detail?: string;

  constructor(key: ConversionFailureKey, detail?: string) {
    super(detail ? `${key}: ${detail}` : key);
    this.name = 'ConversionFailure';
    this.key = key;
    if (detail !== undefined) this.detail = detail;
  }
}
