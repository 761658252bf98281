import { Badge, Button, VisuallyHidden } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import { buildHeaderNavigation, type NavLink as NavItem } from '@monitor/domain/shared/brands';
import { ExternalLinkIcon } from '../../components/ui/icons/external-link-icon';
import { useBrand } from '../../lib/brand-context';
import classes from './header.module.css';

type HeaderNavProps = {
  deviceCount: number | null;
  orientation: 'horizontal' | 'vertical';
  onNavigate?: () => void;
};

function DeviceBadge({ count }: { count: number }) {
  return (
    <>
      <Badge component="span" size="sm" circle={count < 10} variant="filled" aria-hidden>
        {count}
      </Badge>
      <VisuallyHidden>{`, ${count} ${count === 1 ? 'device' : 'devices'}`}</VisuallyHidden>
    </>
  );
}

/**
 * The brand's navigation (store-and-public-site §2 "Header"): About Us opens a new tab when it is
 * an outside link; Store is highlighted only on the home page.
 */
export function HeaderNav({ deviceCount, orientation, onNavigate }: HeaderNavProps) {
  const brand = useBrand();
  const { pathname } = useLocation();
  const isHome = pathname === '/';
  const linkClass = orientation === 'horizontal' ? classes.link : classes.drawerLink;

  function renderItem(item: NavItem) {
    if (item.key === 'store' && isHome) {
      const fullWidth = orientation === 'vertical';
      return item.isExternal ? (
        <Button
          key={item.key}
          component="a"
          href={item.href}
          target="_blank"
          rel="noopener noreferrer"
          color="teal.9"
          size="sm"
          fullWidth={fullWidth}
          onClick={onNavigate}
          rightSection={<ExternalLinkIcon size={14} />}
        >
          {item.label}
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Button>
      ) : (
        <Button
          key={item.key}
          component={NavLink}
          to={item.href}
          color="teal.9"
          size="sm"
          fullWidth={fullWidth}
          onClick={onNavigate}
        >
          {item.label}
        </Button>
      );
    }
    if (item.isExternal) {
      return (
        <a
          key={item.key}
          className={linkClass}
          href={item.href}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onNavigate}
        >
          {item.label}
          <ExternalLinkIcon size={14} />
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </a>
      );
    }
    return (
      <NavLink
        key={item.key}
        className={linkClass}
        to={item.href}
        end={item.href === '/'}
        onClick={onNavigate}
      >
        {item.label}
        {item.key === 'devices' && deviceCount !== null && <DeviceBadge count={deviceCount} />}
      </NavLink>
    );
  }

  return (
    <nav aria-label="Main">
      <ul
        style={{
          display: 'flex',
          flexDirection: orientation === 'horizontal' ? 'row' : 'column',
          alignItems: orientation === 'horizontal' ? 'center' : 'stretch',
          gap: 4,
          listStyle: 'none',
          margin: 0,
          padding: 0,
        }}
      >
        {buildHeaderNavigation(brand).map((item) => (
          <li key={item.key}>{renderItem(item)}</li>
        ))}
      </ul>
    </nav>
  );
}
