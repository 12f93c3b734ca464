/**
 * The popups' lazy chunk (§4 popup communications): the queue's rules and the modal with antd's
 * Modal. Loaded at the first popup (services/popups.ts loadPopups), never with the home page.
 */
export { addPopup } from './queue';
export { default as PopupModal } from './PopupModal';
