import * as React from 'react';
import { Link, NavLink } from 'react-router-dom';
import {
  access,
  badgeText,
  displayRole,
  LOGOUT_TOOLTIP,
  NEW_POLICY_BUTTON,
  OPF_SHORT,
  OPF_TITLES,
  ROLE_TITLES,
  sidebarItemName,
  sidebarItems,
  type SessionUser,
  type SidebarCounters,
  type SidebarItem,
} from '@oyster/shared-kit/domain/platform';
import { OysterIcon, Tooltip } from '@oyster/shared-kit/ui/parts';

export interface SidebarProps {
  user: SessionUser;
  counters: SidebarCounters;
  onLogout(): void;
  /** Called after an item is chosen (the drawer closes). */
  onNavigate?(): void;
  /** «Новый полис»: opens the product showcase (remote_sales/Showcase). */
  onNewPolicy?(): void;
}

function ItemLink({ item, onNavigate }: { item: SidebarItem; onNavigate?: () => void }) {
  const badge = item.badge && item.badge > 0 ? (
    <span className="oy-nav__badge" title={`${item.title}: ${item.badge}`}>
      {badgeText(item.badge)}
    </span>
  ) : null;
  const inner = (
    <>
      <OysterIcon name={item.icon} />
      <span className="oy-nav__title">{item.title}</span>
      {badge}
      {item.external ? <OysterIcon name="external" size={13} style={{ opacity: 0.5 }} /> : null}
    </>
  );
  const link = item.external ? (
    <a className="oy-nav__link" href={item.path} target="_blank" rel="noopener noreferrer" aria-label={sidebarItemName(item)} onClick={onNavigate}>
      {inner}
    </a>
  ) : (
    <NavLink
      to={item.path}
      end={item.exact}
      aria-label={sidebarItemName(item)}
      onClick={onNavigate}
      className={({ isActive }) => `oy-nav__link${isActive ? ' oy-nav__link--active' : ''}`}
    >
      {inner}
    </NavLink>
  );
  return item.tooltip ? (
    <Tooltip title={item.tooltip} placement="right" mouseEnterDelay={0.4}>
      {link}
    </Tooltip>
  ) : (
    link
  );
}

/** The sidebar of spec §2 with the §6 rules from shared-kit/domain. */
export function Sidebar({ user, counters, onLogout, onNavigate, onNewPolicy }: SidebarProps) {
  const items = sidebarItems(user, counters);
  const a = access(user);
  const role = displayRole(user);
  const opf = user.billing?.opf;
  return (
    <nav className="oy-sidebar" data-testid="sidebar" aria-label="Основная навигация">
      {a.canSeeNewPolicy ? (
        <button
          type="button"
          className="oy-newpolicy"
          onClick={() => {
            onNavigate?.();
            onNewPolicy?.();
          }}
        >
          <OysterIcon name="plus" size={18} />
          <span>{NEW_POLICY_BUTTON}</span>
        </button>
      ) : null}
      <ul className="oy-nav">
        {items.map((item) => (
          <li key={item.key} data-sidebar-item={item.title}>
            <ItemLink item={item} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      <Tooltip title={LOGOUT_TOOLTIP} placement="top">
        <button type="button" className="oy-userblock" onClick={onLogout} data-testid="sidebar-user">
          <span className="oy-userblock__text">
            <span className="oy-userblock__role">{role ? ROLE_TITLES[role] : ''}</span>
            <span className="oy-userblock__name">{user.fullNameShort || user.fio || user.email}</span>
            {opf ? (
              <span className="oy-userblock__opf" title={OPF_TITLES[opf]}>
                {OPF_SHORT[opf]} · {OPF_TITLES[opf]}
              </span>
            ) : null}
          </span>
          <OysterIcon name="logout" size={18} title={LOGOUT_TOOLTIP} />
        </button>
      </Tooltip>
    </nav>
  );
}
