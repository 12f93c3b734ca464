// Platform rules (every domain uses them) stay at the root; each business domain has its folder.
export * from './roles';
export * from './access';
export * from './scope';
export * from './sidebar';
export * from './sections';
export * from './realtime';
export * from './validation';
export * from './errors';
export * from './constants';
export * from './format';
export * from './catalogue';
export * from './testing';
export * from './forms';
export * from './learning';
export * from './sales';
export * from './broker-requests';
