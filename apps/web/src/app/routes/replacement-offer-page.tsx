import { useSearchParams } from 'react-router';
import { LinkNotValid } from '../../features/replacement-offer/components/link-not-valid';
import { ReplacementOffer } from '../../features/replacement-offer/components/replacement-offer';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /deviceupgrade?customerid&token&item (store-and-public-site §2): the link's customer and token
 * name the offer; `item` is the offered item, which the server's answer already gives per device.
 * Without a customer id or token the link is not valid.
 */
export function ReplacementOfferPage() {
  usePageTitle('Device replacement offer');
  const [searchParams] = useSearchParams();
  const customerId = searchParams.get('customerid')?.trim();
  const token = searchParams.get('token')?.trim();
  if (!customerId || !token || !/^\d+$/.test(customerId)) return <LinkNotValid />;
  return <ReplacementOffer key={`${customerId}:${token}`} link={{ customerId, token }} />;
}
