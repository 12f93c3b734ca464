import type { ThemeConfig } from 'antd';

/** The one Oyster theme: a calm professional blue on light grey, 38px inputs (spec §9). */
export const OYSTER_COLORS = {
  primary: '#1f5fa8',
  primaryDark: '#17467c',
  ink: '#1d2733',
  muted: '#5f6b7a',
  /** Secondary small print (footer, hints, dates): 5.2:1 on white, 4.7:1 on the page's grey. Also --oy-color-faint (tokens.css). */
  faint: '#636e7d',
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
    // antd's secondary texts (a step still to come, a description's label, Typography type="secondary")
    // are 45% ink by default: 3.3:1 on white. Ours are at least 4.5:1 (WCAG AA).
    colorTextDescription: OYSTER_COLORS.faint,
    colorTextTertiary: OYSTER_COLORS.faint,
    // A Select's placeholder is text on the page (axe checks it): 25% ink by default, 1.9:1.
    colorTextPlaceholder: OYSTER_COLORS.faint,
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
