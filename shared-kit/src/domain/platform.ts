// The platform's rules without a validation library: what the shell needs before any section opens
// (roles, access, the sidebar, sections, events, errors, constants, formats, the catalogue). The shell
// imports this entry so its home page does not carry yup, the form rules and the domains' rules; the
// full `@oyster/shared-kit/domain` re-exports it and is loaded when a section needs it.
export * from './roles';
export * from './access';
export * from './scope';
export * from './sidebar';
export * from './sections';
export * from './realtime';
export * from './errors';
export * from './constants';
export * from './format';
export * from './catalogue';
export * from './ids';
export * from './communications/chat-frame';
export * from './communications/service-worker';
