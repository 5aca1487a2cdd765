import { Outlet } from 'react-router-dom';
import { BareCard } from './BareCard';

/** The layout route of /auth and /public (SPEC §2): the child route inside the {@link BareCard}. */
export function BareLayout() {
  return (
    <BareCard>
      <Outlet />
    </BareCard>
  );
}
