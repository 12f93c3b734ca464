/**
 * `@oyster/shared-kit/ui/frame`: what the shell's frame shows only on demand — the narrow layout's
 * sidebar drawer (after a tap on «Открыть меню») and the toasts (on the first one). The shell imports
 * it lazily and fetches it on idle after sign-in, so neither is on home's first paint. Not a shared
 * entry: remotes show toasts through the runtime (`getRuntime().toasts`), never with antd's API.
 */
export { Drawer, notification } from 'antd';
export type { NotificationArgsProps } from 'antd';
