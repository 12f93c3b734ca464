/**
 * The popup rules of the communications domain, for the shell's popups, through the kit's light entry
 * `@oyster/shared-kit/domain/popups` (the shell may not take values from the full domain:
 * build/check-imports.mjs). Its values are used only in the popups' lazy chunk (popups/queue.ts,
 * PopupModal): taken into app.js, the module would weigh on home's budget.
 */
export {
  POPUP_SOUNDS,
  popupActions,
  popupSoundUrl,
  queueAdd,
  queueCloseFirst,
  REACTION_CLOSE_OR_SHOWN,
} from '@oyster/shared-kit/domain/popups';
export type { CommunicationLog, CommunicationNotification, CommunicationReaction, PopupSound } from '@oyster/shared-kit/domain/popups';
