export * from './statuses';
export * from './osago';
