import * as React from 'react';
import { App, ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { MAX_TOASTS } from '../domain/errors';
import { oysterTheme } from './theme';

dayjs.locale('ru');

/** Locale, theme and the App context (toasts top-right, at most 3 kept — spec §9). */
export function OysterProvider({ children }: { children?: React.ReactNode }) {
  return (
    <ConfigProvider locale={ruRU} theme={oysterTheme}>
      <App notification={{ placement: 'topRight', maxCount: MAX_TOASTS }} message={{ maxCount: MAX_TOASTS }}>
        {children}
      </App>
    </ConfigProvider>
  );
}
