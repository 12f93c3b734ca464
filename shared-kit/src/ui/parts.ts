/**
 * `@oyster/shared-kit/ui/parts`: the light part of the kit that the signed-in frame and home need
 * (layout, sidebar, home tabs, loading and empty states, toasts, the in-place error). Its own shared
 * entry: a shared entry is one chunk with every name it exports, so home would otherwise carry the
 * whole kit (Select, Form, Modal, ...). `@oyster/shared-kit/ui` re-exports it (one copy of each).
 */
export { Drawer, Empty, Result, Skeleton, Tabs, Tooltip, notification } from 'antd';
export type { NotificationArgsProps } from 'antd';
export { OysterIcon } from './icons';
export type { IconName } from './icons';
export { SectionTitle, Money, AppDate } from './kit';
