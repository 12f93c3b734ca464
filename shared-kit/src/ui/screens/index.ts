/**
 * `@oyster/shared-kit/ui/screens`: the parts every domain's pages need — session and access hooks,
 * the access gate — off the login and home path (its own entry, so only pages pay for it).
 */
export { useSessionUser, useAccess } from './session';
export { RequireAccess, NO_ACCESS_TITLE } from './RequireAccess';
