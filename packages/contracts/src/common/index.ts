export * from './challenge';
export * from './errors';
export * from './ids';
export * from './language';
export * from './paging';
export * from './site-date';
export * from './where';
