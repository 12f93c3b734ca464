// Platform rules (every domain uses them) stay at the root; each business domain has its folder.
export * from './platform';
export * from './validation';
export * from './testing';
export * from './forms';
export * from './learning';
export * from './sales';
export * from './broker-requests';
export * from './communications';
