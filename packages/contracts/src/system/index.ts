export * from './audit';
export * from './profile';
export * from './users';
