export * from './statuses';
export * from './products';
export * from './workflow';
export * from './sla';
