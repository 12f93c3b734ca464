import * as React from 'react';
import { isReportStatus, REPORT_STATUS_ICON, REPORT_STATUS_TITLES, type ReportIconKey } from '@oyster/shared-kit/domain';

export { REPORT_STATUSES, REPORT_STATUS_TITLES, REPORT_STATUS_ICON, isReportStatus } from '@oyster/shared-kit/domain';
export type { ReportStatus } from '@oyster/shared-kit/domain';
type IconKey = ReportIconKey;

const ICONS: Record<IconKey, { color: string; paths: string[] }> = {
  draft: { color: '#7a8694', paths: ['M4 20h4L19 9l-4-4L4 16z', 'M13.5 6.5l4 4'] },
  calc: { color: '#1f5fa8', paths: ['M6 3h12v18H6z', 'M9 7h6', 'M9 11h.01', 'M12 11h.01', 'M15 11h.01', 'M9 14.5h.01', 'M12 14.5h.01', 'M15 14.5h.01', 'M9 18h6'] },
  execution: { color: '#b7791f', paths: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 2'] },
  payment: { color: '#d97706', paths: ['M3 6h18v12H3z', 'M3 10h18', 'M7 15h3'] },
  paid: { color: '#2e8b57', paths: ['M3 6h18v12H3z', 'M3 10h18', 'M9.5 14.5l2 2 4-4'] },
  active: { color: '#2e8b57', paths: ['M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z', 'M8.5 12l2.5 2.5 4.5-5'] },
  end: { color: '#5f6b7a', paths: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M8 12l3 3 5-6'] },
  stopped: { color: '#c8352b', paths: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M9.5 9v6', 'M14.5 9v6'] },
  archive: { color: '#5f6b7a', paths: ['M3 4h18v4H3z', 'M5 8v12h14V8', 'M10 12h4'] },
};


export interface StatusIconProps {
  /** A report status name; anything unknown shows the draft icon. */
  status: string | null | undefined;
  size?: number;
  /** Show the status name next to the icon. */
  withText?: boolean;
}

/** The icon of a contract report status, titled with its Russian name (§3, §4). */
export function StatusIcon({ status, size = 20, withText = false }: StatusIconProps) {
  const known = isReportStatus(status) ? status : null;
  const key = known ? REPORT_STATUS_ICON[known] : 'draft';
  const title = known ? REPORT_STATUS_TITLES[known] : REPORT_STATUS_TITLES.draft;
  const icon = ICONS[key];
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, color: icon.color }} data-icon={key}>
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        role={withText ? undefined : 'img'}
        aria-label={withText ? undefined : title}
        aria-hidden={withText ? true : undefined}
        style={{ flex: 'none' }}
      >
        {withText ? null : <title>{title}</title>}
        {icon.paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
      {withText ? <span style={{ color: '#1d2733' }}>{title}</span> : null}
    </span>
  );
}
