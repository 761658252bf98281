import { useSearchParams } from 'react-router';
import { useImpersonation } from '../../features/auth/hooks/use-impersonation';
import { PageLoader } from '../../components/ui/page-loader';

/** /impersonate?userId=N: staff become the user, then /devices; otherwise /login (store-and-public-site §2). */
export function ImpersonatePage() {
  const [searchParams] = useSearchParams();
  useImpersonation(searchParams.get('userId'));
  return <PageLoader label="Opening the customer's account" />;
}
