/**
 * The Oyster UI kit beyond first paint: antd components the shell and the remotes use, plus
 * kit components. Nothing outside shared-kit imports 'antd' directly.
 */
export * from './base';
import './dayjs-ru';
export {
  App,
  Form,
  Card,
  Typography,
  Alert,
  Result,
  message,
  Layout,
  Menu,
  Tabs,
  Badge,
  Tooltip,
  Skeleton,
  Empty,
  Statistic,
  Row,
  Col,
  Drawer,
  Tag,
  Descriptions,
  Divider,
  Space,
  Flex,
  Avatar,
  List,
  Table,
  Modal,
  Select,
} from 'antd';
export { OysterIcon } from './icons';
export type { IconName } from './icons';
export { SectionTitle, Money, AppDate } from './kit';
