export * from './tables';
export * from './rating';
