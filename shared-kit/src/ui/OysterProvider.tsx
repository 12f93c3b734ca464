import * as React from 'react';
import { ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import { oysterTheme } from './theme';
import './tokens.css';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const reducedMotionQuery = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null);

/** Whether the user's system asks for less motion. */
export const prefersReducedMotion = (): boolean => reducedMotionQuery()?.matches ?? false;

/** The theme without antd's motion: dialogs, menus and toasts appear and go at once. */
const stillTheme = { ...oysterTheme, token: { ...oysterTheme.token, motion: false } };

/**
 * Locale and theme for everything below. antd's `App` wrapper is left out on purpose: it drags
 * Modal and message into the first paint; toasts come from `notification.useNotification`.
 * A user whose system asks for reduced motion gets no zooms and fades (WCAG 2.3.3); so does the e2e
 * browser, whose clicks on a dialog still zooming in or fading out went astray on a loaded machine.
 * The setting is read once, when the tree mounts: antd wraps its tree in a motion provider the first time
 * motion goes off, which remounts everything below (a form half filled in would be lost). The prerendered
 * login form passes `followReducedMotion={false}`: it was rendered with motion, and changing it while
 * hydrating would remount the nodes the user is already typing into.
 */
export function OysterProvider({ children, followReducedMotion = true }: { children?: React.ReactNode; followReducedMotion?: boolean }) {
  const [still] = React.useState(() => followReducedMotion && prefersReducedMotion());
  return (
    <ConfigProvider locale={ruRU} theme={still ? stillTheme : oysterTheme}>
      {children}
    </ConfigProvider>
  );
}
