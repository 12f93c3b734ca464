/**
 * `@oyster/shared-kit/ui/parts`: the light part of the kit that the signed-in frame and home need
 * (sidebar tooltips, loading and empty states, the home catalogue's tabs, money and dates). Its own
 * shared entry: a shared entry is one chunk with every name it exports, so home would otherwise carry
 * the whole kit (Select, Form, Modal, ...). `@oyster/shared-kit/ui` re-exports it (one copy of each).
 * antd's Tabs, Result, Drawer and notification are not here: they weigh ~45 KB gzip together and
 * home shows none of them on first paint (ui/frame has the frame's drawer and toasts, loaded on demand).
 */
export { Empty, Skeleton, Tooltip } from 'antd';
export { OysterIcon } from './icons';
export type { IconName } from './icons';
export { SectionTitle, Money, AppDate } from './kit';
export { TabSwitch } from './TabSwitch';
export type { TabSwitchItem } from './TabSwitch';
