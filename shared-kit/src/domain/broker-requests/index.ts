export * from './statuses';
export * from './products';
export * from './workflow';
export * from './sla';
export * from './schemas';
export * from './wire';
