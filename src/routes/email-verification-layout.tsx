import { Outlet } from 'react-router';
import { EnvelopeCheckIllustration } from '../ui/illustrations';
import { PageFrame } from '../ui/page';

/** The shared frame of epost-verifisering/, fullfort/ and feilet/. */
export function Component() {
  return (
    <PageFrame illustration={<EnvelopeCheckIllustration />}>
      <Outlet />
    </PageFrame>
  );
}
