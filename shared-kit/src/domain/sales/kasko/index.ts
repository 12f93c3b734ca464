export * from './tariffs';
export * from './input';
export * from './rating';
export * from './steps';
export * from './details';
export * from './changes';
