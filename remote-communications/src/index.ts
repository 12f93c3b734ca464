/**
 * What remote-communications (container `remote_communications`) exposes through Module Federation.
 * Owns: Коммуникации: чаты, уведомления, всплывающие уведомления и тосты, вебинары.
 *
 *   remote_communications/Routes — default export: <Routes section /> (RemoteRoutesProps from
 *   @oyster/shared-kit/runtime). The shell mounts it at `/app/<section>/*` for each section the
 *   registry gives this remote (`sectionsOf('remote_communications')`, @oyster/shared-kit/domain); pages load lazily.
 *
 *   remote_communications/ObjectChat — the chat of a contract or a broker request on its page
 *   ({ entityType: 'contract' | 'brokerRequest', entityId, canAddFiles? }); pages mount it with the kit's
 *   WidgetSlot (the shell loads it at runtime — no import between remotes). It lives with the chat's
 *   components, not in src/widgets: that folder is for home's first paint, and this is a page's part.
 *   remote_communications/ChatFrame — the conversation the shell's `/chat/{chatId}` frame page shows
 *   ({ chatId }, 'null' for support), talking to the chat button by postMessage (domain chat-frame.ts).
 *
 * Named widgets are added to `exposes` in webpack.config.js next to './Routes'.
 * Services (session, HTTP, event bus, toasts) come from getRuntime() — never from the shell's source.
 */
export { default as Routes, PLACEHOLDER_PATHS } from './routes';
