export * from './clauses';
export * from './rules';
export * from './schemas';
export * from './user';
