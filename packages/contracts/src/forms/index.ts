export * from './fields';
export * from './values';
