/**
 * The Oyster UI kit beyond first paint: antd components the shell and the remotes use, plus
 * kit components. Nothing outside shared-kit imports 'antd' directly.
 */
export * from './base';
import './dayjs-ru';
// Only what a screen uses: this module is one shared chunk, not tree-shaken per consumer, so
// every name here weighs on every page after sign-in. Add a component when a screen needs it.
export {
  Descriptions,
  Drawer,
  Empty,
  Form,
  Modal,
  Result,
  Select,
  Skeleton,
  Tabs,
  Tag,
  Tooltip,
} from 'antd';
export { OysterIcon } from './icons';
export type { IconName } from './icons';
export { SectionTitle, Money, AppDate } from './kit';
