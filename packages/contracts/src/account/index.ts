export * from './rules';
export * from './user';
