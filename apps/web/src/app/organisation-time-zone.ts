import { useOrganisation } from '@servicedesk/api/global/get-organisation';
import { isTimeZone, organisationTimeZone, setOrganisationTimeZone } from '@servicedesk/i18n';

/**
 * Learns the organisation's time zone from the server (GET /api/global/organisation, the server's
 * ORG_TIME_ZONE) and makes the kit's formatters show instants in it; until the answer — and when it
 * fails — they use Asia/Baku, the default both sides share. Returns the zone in use: the signed-in
 * layouts key their page on it, so a page drawn before a different zone arrived is drawn again.
 */
export function useOrganisationTimeZone(): string {
  const zone = useOrganisation().data?.timeZone;
  if (zone && zone !== organisationTimeZone() && isTimeZone(zone)) setOrganisationTimeZone(zone);
  return organisationTimeZone();
}
