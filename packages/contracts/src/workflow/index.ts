export * from './api';
export * from './instance';
export * from './progress';
export * from './routing';
export * from './schemas';
export * from './structure';
