/**
 * The webinar toasts' lazy chunk (§2, §4): the toasts' rule (webinarToastsAdd) and the cards. Loaded
 * with the first webinar toast (services/webinars.ts loadWebinarToasts), never with the home page.
 */
export { webinarToastsAdd } from '@oyster/shared-kit/domain/popups';
export { default as WebinarToasts } from './WebinarToasts';
