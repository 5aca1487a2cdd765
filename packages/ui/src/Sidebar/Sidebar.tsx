import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { Badge } from '../Badge';
import { Icon } from '../Icon';
import * as s from './Sidebar.css';

/** A link under a group. */
export interface SidebarSubItem {
  id: string;
  /** Visible text, already translated. */
  label: string;
  href: string;
}

/** A top-level entry: a link (href) or a group that expands (children). */
export interface SidebarItem {
  id: string;
  /** Visible text, already translated. */
  label: string;
  /** An Icon name (e.g. 'dashboard'). */
  icon: string;
  href?: string;
  children?: SidebarSubItem[];
  /** A count after the label of a link (e.g. unread news): `text` as shown ("99+"), `label` what screen readers hear. @default undefined */
  badge?: { text: string; label: string };
}

export interface SidebarProps {
  items: SidebarItem[];
  /** The current location's path; marks the matching link with aria-current="page" and opens its group. */
  currentPath: string;
  /** Called for a plain left click on a link (client-side routing); modified clicks open natively. */
  onNavigate(href: string): void;
  /** Accessible name of the navigation landmark (e.g. "Main menu"). */
  label: string;
  /** Icon-only rail. @default false */
  collapsed?: boolean;
  onCollapsedChange?(collapsed: boolean): void;
  /** Label of the collapse button. */
  collapseLabel: string;
  /** Label of the expand button (while collapsed). */
  expandLabel: string;
  /** Expanded width in CSS px. @default 260 */
  width?: number;
  /** Called while dragging the resize handle or pressing arrow keys on it. */
  onWidthChange?(width: number): void;
  /** Label of the resize handle (a focusable separator). */
  resizeLabel: string;
  /** @default 200 */
  minWidth?: number;
  /** @default 420 */
  maxWidth?: number;
  /** Off-canvas open state on narrow screens. @default false */
  mobileOpen?: boolean;
  onMobileOpenChange?(open: boolean): void;
  /** Label of the close button of the off-canvas panel. */
  closeLabel: string;
  /** Delay before a collapsed rail expands under the pointer, ms (SPEC §9). @default 150 */
  hoverDelay?: number;
}

function isActive(href: string | undefined, path: string): boolean {
  if (!href) return false;
  return path === href || path.startsWith(`${href}/`);
}

/**
 * The sidebar of SPEC §2: server menu items with icons; groups open as an accordion (one at a
 * time); collapses to an icon rail that expands on hover after 150 ms; resizable by dragging
 * or with the arrow keys on its handle; off-canvas on narrow screens. The app closes the
 * off-canvas panel on navigation (SPEC: "closes on each navigation").
 */
export function Sidebar({
  items,
  currentPath,
  onNavigate,
  label,
  collapsed = false,
  onCollapsedChange,
  collapseLabel,
  expandLabel,
  width = 260,
  onWidthChange,
  resizeLabel,
  minWidth = 200,
  maxWidth = 420,
  mobileOpen = false,
  onMobileOpenChange,
  closeLabel,
  hoverDelay = 150,
}: SidebarProps) {
  const baseId = useId();
  const activeGroup = items.find((i) => i.children?.some((c) => isActive(c.href, currentPath)))?.id ?? null;
  const [openGroup, setOpenGroup] = useState<string | null>(activeGroup);
  const [hoverExpanded, setHoverExpanded] = useState(false);
  const [dragging, setDragging] = useState(false);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Navigating into another group opens it (one open at a time).
  const [lastActive, setLastActive] = useState(activeGroup);
  if (activeGroup !== lastActive) {
    setLastActive(activeGroup);
    if (activeGroup) setOpenGroup(activeGroup);
  }

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const clamp = (w: number) => Math.round(Math.min(maxWidth, Math.max(minWidth, w)));

  function link(href: string) {
    return {
      href,
      onClick(e: MouseEvent<HTMLAnchorElement>) {
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        onNavigate(href);
      },
      'aria-current': isActive(href, currentPath) ? ('page' as const) : undefined,
    };
  }

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    e.preventDefault();
    const startX = e.clientX;
    const startWidth = width;
    setDragging(true);
    const move = (ev: globalThis.PointerEvent) => onWidthChange?.(clamp(startWidth + ev.clientX - startX));
    const up = () => {
      setDragging(false);
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }

  function onResizeKey(e: KeyboardEvent<HTMLDivElement>) {
    const step = e.shiftKey ? 48 : 16;
    const next =
      e.key === 'ArrowLeft' ? width - step : e.key === 'ArrowRight' ? width + step : e.key === 'Home' ? minWidth : e.key === 'End' ? maxWidth : null;
    if (next === null) return;
    e.preventDefault();
    onWidthChange?.(clamp(next));
  }

  return (
    <>
      {/* The backdrop is a pointer convenience; keyboard users close with Escape or the close button. */}
      {mobileOpen && <div className={s.backdrop} aria-hidden="true" onClick={() => onMobileOpenChange?.(false)} data-testid="sidebar-backdrop" />}
      {/* The whole sidebar is the navigation landmark (its resize handle and collapse button too).
          Hover only widens the rail; Escape bubbles up from the links inside. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <nav
        aria-label={label}
        className={s.root}
        style={assignInlineVars({ [s.widthVar]: `${clamp(width)}px` })}
        data-collapsed={collapsed || undefined}
        data-hover-expanded={(collapsed && hoverExpanded) || undefined}
        data-mobile-open={mobileOpen || undefined}
        onMouseEnter={() => {
          if (!collapsed) return;
          clearTimeout(hoverTimer.current);
          hoverTimer.current = setTimeout(() => setHoverExpanded(true), hoverDelay);
        }}
        onMouseLeave={() => {
          clearTimeout(hoverTimer.current);
          setHoverExpanded(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && mobileOpen) onMobileOpenChange?.(false);
        }}
      >
        <div className={s.panel}>
          <div className={s.mobileHeader}>
            <button type="button" className={s.item} style={{ width: 'auto' }} aria-label={closeLabel} onClick={() => onMobileOpenChange?.(false)}>
              <Icon name="x" />
            </button>
          </div>
          <div className={s.nav}>
            <ul className={s.list}>
              {items.map((item) => {
                if (item.children?.length) {
                  const open = openGroup === item.id;
                  const subId = `${baseId}-${item.id}`;
                  return (
                    <li key={item.id}>
                      <button
                        type="button"
                        className={s.item}
                        aria-expanded={open}
                        aria-controls={subId}
                        data-active-group={item.id === activeGroup || undefined}
                        title={collapsed && !hoverExpanded ? item.label : undefined}
                        onClick={() => {
                          if (collapsed && !hoverExpanded) {
                            onCollapsedChange?.(false);
                            setOpenGroup(item.id);
                          } else setOpenGroup(open ? null : item.id);
                        }}
                      >
                        <Icon name={item.icon} className={s.icon} />
                        <span className={s.label}>{item.label}</span>
                        <Icon name="chevron-down" size="sm" className={s.chevron} />
                      </button>
                      <ul className={s.subList} id={subId} hidden={!open}>
                        {item.children.map((child) => (
                          <li key={child.id}>
                            <a className={`${s.item} ${s.subItem}`} {...link(child.href)}>
                              <span className={s.label}>{child.label}</span>
                            </a>
                          </li>
                        ))}
                      </ul>
                    </li>
                  );
                }
                return (
                  <li key={item.id}>
                    <a className={s.item} title={collapsed && !hoverExpanded ? item.label : undefined} {...link(item.href ?? '#')}>
                      <Icon name={item.icon} className={s.icon} />
                      <span className={s.label}>{item.label}</span>
                      {item.badge ? (
                        <Badge variant="info" aria-label={item.badge.label} data-testid={`sidebar-badge-${item.id}`}>
                          {item.badge.text}
                        </Badge>
                      ) : null}
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
          <div className={s.footer}>
            <button
              type="button"
              className={s.item}
              aria-label={collapsed ? expandLabel : collapseLabel}
              onClick={() => {
                setHoverExpanded(false);
                onCollapsedChange?.(!collapsed);
              }}
            >
              <Icon name={collapsed ? 'chevron-right' : 'menu'} className={s.icon} />
              <span className={s.label}>{collapsed ? expandLabel : collapseLabel}</span>
            </button>
          </div>
        </div>
        {/* A focusable separator is a widget in WAI-ARIA (the window splitter pattern). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <div
          className={s.resizer}
          role="separator"
          aria-orientation="vertical"
          aria-label={resizeLabel}
          aria-valuenow={clamp(width)}
          aria-valuemin={minWidth}
          aria-valuemax={maxWidth}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable separator = splitter widget
          tabIndex={0}
          data-dragging={dragging || undefined}
          onPointerDown={onPointerDown}
          onKeyDown={onResizeKey}
        />
      </nav>
    </>
  );
}
