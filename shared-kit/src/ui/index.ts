/**
 * The Oyster UI kit beyond first paint: antd components the shell and the remotes use, plus
 * kit components. Nothing outside shared-kit imports 'antd' directly.
 */
export * from './base';
import './dayjs-ru';
// Only what a screen uses: this module is one shared chunk, not tree-shaken per consumer, so
// every name here weighs on every section page (the frame and home take the light ui/parts).
// Add a component when a screen needs it.
export * from './parts';
export { Descriptions, Drawer, Form, Modal, Result, Select, Tabs, Tag, notification } from 'antd';
export type { NotificationArgsProps } from 'antd';
