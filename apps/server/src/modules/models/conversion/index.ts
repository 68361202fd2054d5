// The IFC → fragments converter (issue 8): the models module's job handler calls these.
export { convertIfcFile, runningConversionWorkers } from './convert';
export { extractIfcZip } from './ifczip';
export { isZip, sniffIfc } from './sniff';
export {
  ConversionFailure,
  type ConversionLimits,
  type ConversionOutput,
  type ConvertedElement,
  type ConvertOptions,
} from './types';
