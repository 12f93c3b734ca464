export * from './rules';
export * from './types';
