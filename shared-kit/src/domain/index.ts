// Platform rules (every domain uses them) stay at the root; each business domain has its folder.
export * from './platform';
// Rules only the api and the sections use (not on the shell's home page, hence not in the platform entry).
export * from './role-changes';
export * from './users';
export * from './files';
export * from './moscow-time';
export * from './validation';
export * from './testing';
export * from './forms';
export * from './learning';
export * from './sales';
export * from './sales/oysterApp';
export * from './finance';
export * from './broker-requests';
export * from './communications';
