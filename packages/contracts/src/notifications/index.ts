export * from './modules';
export * from './schemas';
export * from './templates';
export * from './todos';
