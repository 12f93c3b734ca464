import * as React from 'react';
import { formatDate, formatMoney } from '../domain/format';
import { OYSTER_COLORS } from './theme';

/** A page or block heading in the house style. */
export function SectionTitle({ children, extra, level = 2 }: { children: React.ReactNode; extra?: React.ReactNode; level?: 1 | 2 | 3 }) {
  const Tag = `h${level}` as 'h1' | 'h2' | 'h3';
  const size = level === 1 ? 24 : level === 2 ? 18 : 15;
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, margin: '0 0 12px' }}>
      <Tag style={{ margin: 0, fontSize: size, fontWeight: 600, color: OYSTER_COLORS.ink, lineHeight: 1.3 }}>{children}</Tag>
      {extra ? <div>{extra}</div> : null}
    </div>
  );
}

/** Money from integer kopecks, shown as «1 234,56 ₽». */
export function Money({ kopecks, style }: { kopecks: number | null | undefined; style?: React.CSSProperties }) {
  if (kopecks === null || kopecks === undefined || Number.isNaN(kopecks)) return <span style={style}>—</span>;
  return <span style={{ whiteSpace: 'nowrap', ...style }}>{formatMoney(kopecks)}</span>;
}

/** A date shown as dd.mm.yyyy. */
export function AppDate({ value }: { value: string | Date | null | undefined }) {
  const text = formatDate(value);
  return text ? <time dateTime={typeof value === 'string' ? value : value?.toISOString()}>{text}</time> : <span>—</span>;
}
