// Profile option lists (spec 001 §9), apart from rules.ts: see the note there.

/** Job types offered at profile completion (the "works options" of spec 001 §9); the web localizes them. */
export const WORK_OPTIONS = [
  'construction',
  'design',
  'cost',
  'supervision',
  'consulting',
  'operations',
  'procurement',
  'other',
] as const;
export type WorkOption = (typeof WORK_OPTIONS)[number];

/** Engineering types offered at profile completion (the "project types" of spec 001 §9). */
export const ENGINEERING_TYPE_OPTIONS = [
  'architecture',
  'structure',
  'mechanicalElectrical',
  'municipalRailTunnel',
  'equipment',
  'powerWater',
  'aviationPort',
  'decoration',
  'landscape',
  'other',
] as const;
export type EngineeringTypeOption = (typeof ENGINEERING_TYPE_OPTIONS)[number];
