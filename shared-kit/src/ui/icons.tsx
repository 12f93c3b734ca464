import * as React from 'react';
import type { SidebarIcon } from '../domain/sidebar';

/** Stroke icons (24×24, currentColor) for the sidebar and the kit; inline so no icon font loads. */
const PATHS: Record<SidebarIcon | 'plus' | 'logout' | 'menu' | 'wifiOff' | 'external' | 'attach', string[]> = {
  home: ['M3 11.5 12 4l9 7.5', 'M5.5 9.5V20h5v-5.5h3V20h5V9.5'],
  contracts: ['M7 3h7l5 5v13H7z', 'M14 3v5h5', 'M10 12h6', 'M10 16h6'],
  requests: ['M4 5h16v11H9l-5 4z', 'M8 9h8', 'M8 12h5'],
  commissions: ['M12 3v18', 'M16.5 7.5c-.7-1.5-2.4-2.5-4.5-2.5-2.5 0-4.5 1.3-4.5 3.3 0 4.4 9 2.2 9 6.9 0 2-2 3.3-4.5 3.3-2.3 0-4.1-1.1-4.8-2.8'],
  agents: ['M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z', 'M2.5 20c.6-3.6 3.2-6 6.5-6s5.9 2.4 6.5 6', 'M16 4.5a3.5 3.5 0 0 1 0 6.5', 'M18 14.3c1.9.8 3.2 2.9 3.5 5.7'],
  subagents: ['M12 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'M6 20c.5-3.2 3-5.5 6-5.5s5.5 2.3 6 5.5', 'M4 10.5h3', 'M17 10.5h3'],
  finance: ['M3 7h18v12H3z', 'M3 11h18', 'M7 15h4', 'M6 7V5h12v2'],
  management: ['M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7z', 'M12 2.5v3', 'M12 18.5v3', 'M2.5 12h3', 'M18.5 12h3', 'M5.3 5.3l2.1 2.1', 'M16.6 16.6l2.1 2.1', 'M5.3 18.7l2.1-2.1', 'M16.6 7.4l2.1-2.1'],
  analytics: ['M4 20V10', 'M10 20V4', 'M16 20v-7', 'M21 20H3'],
  app: ['M7 2.5h10v19H7z', 'M11 18.5h2'],
  learning: ['M2.5 8.5 12 4l9.5 4.5L12 13z', 'M6.5 10.5V16c1.5 1.5 3.5 2.3 5.5 2.3s4-.8 5.5-2.3v-5.5', 'M21.5 8.5V14'],
  media: ['M3 5h18v14H3z', 'M10 9.5v5l4.5-2.5z'],
  chats: ['M4 5h16v10H10l-4 4v-4H4z'],
  profile: ['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M4 21c.8-4 4-6.5 8-6.5s7.2 2.5 8 6.5'],
  notifications: ['M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z', 'M10 20.5a2 2 0 0 0 4 0'],
  campaigns: ['M3 10v4h3l6 4V6L6 10z', 'M16 9a4 4 0 0 1 0 6', 'M18.5 6.5a7.5 7.5 0 0 1 0 11'],
  near: ['M21 4 3 11l6 2.5L11.5 20 21 4z', 'M9 13.5 21 4'],
  plus: ['M12 5v14', 'M5 12h14'],
  logout: ['M14 4h5v16h-5', 'M10 8l-4 4 4 4', 'M6 12h10'],
  menu: ['M4 6h16', 'M4 12h16', 'M4 18h16'],
  wifiOff: ['M3 3l18 18', 'M8.5 16.4a5 5 0 0 1 7 0', 'M5 12.9a10 10 0 0 1 5-2.6', 'M14.5 10.3A10 10 0 0 1 19 12.9', 'M12 20h.01'],
  external: ['M14 4h6v6', 'M20 4l-9 9', 'M18 14v6H4V6h6'],
  attach: ['M20 11.5 12.2 19.3a5 5 0 0 1-7.1-7.1l8.1-8.1a3.3 3.3 0 0 1 4.7 4.7l-8.1 8.1a1.7 1.7 0 0 1-2.4-2.4l7.4-7.4'],
};

export type IconName = keyof typeof PATHS;

export function OysterIcon({ name, size = 18, title, style }: { name: IconName; size?: number; title?: string; style?: React.CSSProperties }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      style={{ flex: 'none', ...style }}
    >
      {title ? <title>{title}</title> : null}
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
