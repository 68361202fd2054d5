export * from './options';
export * from './rules';
export * from './schemas';
