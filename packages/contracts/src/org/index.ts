export * from './members';
export * from './options';
export * from './schemas';
export * from './structures';
export * from './tree';
