// Types of build-if-changed.mjs for its test (apps/server/test/start-build.test.ts).
export interface BuildTarget {
  name: string;
  workspace: string;
  inputs: string[];
  output: string;
}
export interface BuildStamp {
  hash: string;
  outputMtimeMs: number | null;
}
export const TARGETS: BuildTarget[];
export function listInputs(root: string, inputs: string[]): string[];
export function hashInputs(root: string, inputs: string[]): string;
export function buildDecision(known: {
  outputMtimeMs: number | null;
  stamp: BuildStamp | null;
  hash: string;
}): { build: boolean; reason: string };
export function buildIfChanged(
  root?: string,
  targets?: BuildTarget[],
  run?: (target: BuildTarget, root: string) => void,
): void;
