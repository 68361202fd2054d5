export * from './attendance';
export * from './attendance-extra';
export * from './idNumber';
export * from './importing';
export * from './masking';
export * from './personnel';
export * from './settings';
export * from './violations';
