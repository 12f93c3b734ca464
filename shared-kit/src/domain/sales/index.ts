export * from './statuses';
export * from './osago';
export * from './contracts';
export * from './contractWire';
export * from './contractDetails';
export * from './insurerCalls';
export * from './term';
export * from './products';
