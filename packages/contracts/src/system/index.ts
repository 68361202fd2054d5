export * from './audit';
export * from './profile';
