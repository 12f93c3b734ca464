export * from './statuses';
