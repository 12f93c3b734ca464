import * as React from 'react';
import { ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import { oysterTheme } from './theme';
import './tokens.css';

/**
 * Locale and theme for everything below. antd's `App` wrapper is left out on purpose: it drags
 * Modal and message into the first paint; toasts come from `notification.useNotification`.
 */
export function OysterProvider({ children }: { children?: React.ReactNode }) {
  return (
    <ConfigProvider locale={ruRU} theme={oysterTheme}>
      {children}
    </ConfigProvider>
  );
}
