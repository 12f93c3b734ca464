import * as React from 'react';
import './tab-switch.css';

export interface TabSwitchItem<K extends string = string> {
  key: K;
  label: React.ReactNode;
  children: React.ReactNode;
}

/**
 * Tabs for a page that switches between a few panels (home's two catalogues): the WAI-ARIA tabs
 * pattern (tablist, tab, tabpanel; ←/→, Home and End move between tabs) drawn in the house style.
 * antd's Tabs would cost home ~23 KB gzip (its overflow menu, dropdown and animations) for two tabs
 * that never overflow; sections with many tabs keep antd's Tabs from `@oyster/shared-kit/ui`.
 */
export function TabSwitch<K extends string>({
  items,
  activeKey,
  onChange,
  label,
}: {
  items: readonly TabSwitchItem<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  /** The tablist's accessible name. */
  label?: string;
}) {
  const base = React.useId();
  const refs = React.useRef(new Map<K, HTMLButtonElement | null>());
  const active = items.find((i) => i.key === activeKey) ?? items[0];
  const tabId = (k: K) => `${base}-tab-${k}`;
  const panelId = `${base}-panel`;

  const move = (e: React.KeyboardEvent, from: number) => {
    const last = items.length - 1;
    const to = e.key === 'ArrowRight' ? (from === last ? 0 : from + 1) : e.key === 'ArrowLeft' ? (from === 0 ? last : from - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : -1;
    if (to < 0) return;
    e.preventDefault();
    onChange(items[to].key);
    refs.current.get(items[to].key)?.focus();
  };

  return (
    <div className="oy-tabswitch">
      <div role="tablist" aria-label={label} className="oy-tabswitch__list">
        {items.map((item, i) => {
          const selected = item.key === active?.key;
          return (
            <button
              key={item.key}
              ref={(el) => void refs.current.set(item.key, el)}
              type="button"
              role="tab"
              id={tabId(item.key)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              className={`oy-tabswitch__tab${selected ? ' oy-tabswitch__tab--active' : ''}`}
              onClick={() => onChange(item.key)}
              onKeyDown={(e) => move(e, i)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {active ? (
        <div role="tabpanel" id={panelId} aria-labelledby={tabId(active.key)} className="oy-tabswitch__panel">
          {active.children}
        </div>
      ) : null}
    </div>
  );
}
