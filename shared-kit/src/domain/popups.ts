/**
 * `@oyster/shared-kit/domain/popups`: the popup campaigns' rules (communications/campaigns.ts) on their
 * own, for the shell's popups — light (no yup, no other domain), not a shared module: each bundle that
 * takes it keeps its own copy of these pure functions.
 */
export * from './communications/campaigns';
export * from './communications/webinars';
