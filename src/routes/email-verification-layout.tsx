import { Outlet, useLocation } from 'react-router';
import { linkDidNotWork } from '../features/email-verification/verification-link';
import { BrokenLinkIllustration } from '../ui/broken-link-illustration';
import { EnvelopeCheckIllustration } from '../ui/illustrations';
import { PageFrame } from '../ui/page';

/** The shared frame of epost-verifisering/, fullfort/ and feilet/: a link that did not work has its own picture. */
export function Component() {
  const { pathname, search } = useLocation();
  const broken = linkDidNotWork(pathname, new URLSearchParams(search));
  return (
    <PageFrame illustration={broken ? <BrokenLinkIllustration /> : <EnvelopeCheckIllustration />}>
      <Outlet />
    </PageFrame>
  );
}
