export * from './tables';
export * from './rating';
export * from './wire';
