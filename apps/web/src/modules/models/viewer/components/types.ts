/** A model open in the viewer as the panels list it (the compare tool's extra versions are left out). */
export interface ViewerModelInfo {
  modelId: string;
  versionId: string;
  name: string;
  /** True when the loaded version is the model's current one (the element index reads that by default). */
  currentVersion: boolean;
}
