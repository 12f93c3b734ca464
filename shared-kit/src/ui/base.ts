/**
 * What the login page and the shell frame need at first paint. This module (and `ui/index`)
 * is the only place that reaches antd, so one antd instance is shared and the login page
 * stays small: keep this list short.
 */
export {
  ConfigProvider,
  Input,
  Button,
  Checkbox,
  Spin,
} from 'antd';
export { OysterProvider } from './OysterProvider';
export { Field } from './Field';
export type { FieldProps } from './Field';
export { oysterTheme, OYSTER_COLORS } from './theme';
