/**
 * What the login page and the shell frame need at first paint. This module (and `ui/index`)
 * is the only place that reaches antd, so one antd instance is shared and the login page
 * stays small: keep this list short.
 */
export {
  App,
  ConfigProvider,
  Form,
  Input,
  Button,
  Card,
  Checkbox,
  Typography,
  Alert,
  Spin,
  Result,
  message,
  notification,
} from 'antd';
export type { NotificationArgsProps } from 'antd';
export { OysterProvider } from './OysterProvider';
export { oysterTheme, OYSTER_COLORS } from './theme';
