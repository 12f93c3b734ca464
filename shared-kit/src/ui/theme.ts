import type { ThemeConfig } from 'antd';

/** The one Oyster theme: a calm professional blue on light grey, 38px inputs (spec §9). */
export const OYSTER_COLORS = {
  primary: '#1f5fa8',
  primaryDark: '#17467c',
  ink: '#1d2733',
  muted: '#5f6b7a',
  border: '#dfe4ea',
  page: '#f3f5f8',
  surface: '#ffffff',
  accent: '#0f8a7e',
  danger: '#c8352b',
} as const;

export const oysterTheme: ThemeConfig = {
  token: {
    colorPrimary: OYSTER_COLORS.primary,
    colorInfo: OYSTER_COLORS.primary,
    colorSuccess: '#2e8b57',
    colorError: OYSTER_COLORS.danger,
    colorTextBase: OYSTER_COLORS.ink,
    colorBgLayout: OYSTER_COLORS.page,
    colorBorder: '#cfd6de',
    colorBorderSecondary: OYSTER_COLORS.border,
    borderRadius: 8,
    controlHeight: 38,
    fontSize: 14,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Input: { controlHeight: 38 },
    Button: { controlHeight: 38, fontWeight: 500 },
    Card: { headerFontSize: 16 },
    Tabs: { titleFontSize: 15 },
  },
};
