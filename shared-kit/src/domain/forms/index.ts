/** The form kit's rules (§3, §5, §7 suggestion contracts): no React, shared by the UI and the api. */
export * from './texts';
export * from './validators';
export * from './masks';
export * from './normalize';
export * from './schemas';
export * from './validate';
export * from './dropdown';
export * from './suggestions';
