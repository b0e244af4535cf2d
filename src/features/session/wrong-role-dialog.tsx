import { useState } from 'react';
import type { RootDocument } from '../../api/root';
import { useI18n } from '../../i18n/i18n-context';
import { Modal } from '../../ui/modal';
import { leaveFor } from './leave';
import { logout } from './logout';
import { roleHome, type AccountKind } from './roles';
import { BusyButton } from '../../ui/busy-button';

/**
 * Someone signed in with the other kind of account opened this login page (SPEC §2). They must choose:
 * the dialog cannot be dismissed. Logging out brings them back to this page, signed out. Either way
 * the page leaves through leaveFor (leave.ts), which hands what it tracked to analytics first, once.
 */
export function WrongRoleDialog({ root, signedInAs }: { root: RootDocument; signedInAs: AccountKind }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (error) throw error;
  const role = root.role ?? 'PRIVAT';
  return (
    <Modal
      open
      onClose={() => {}}
      closeOnEscape={false}
      closeButton={false}
      closeOnBackdropClick={false}
      title={t(signedInAs === 'PRIVAT' ? 'wrong_role.heading_private' : 'wrong_role.heading_business')}
      footer={
        <div className="button-row">
          <BusyButton
            className="hds-button hds-button--large hds-button--primary"
            busy={busy}
            onClick={() => {
              setBusy(true);
              logout(root, `${window.location.pathname}${window.location.search}`)
                .then((location) => leaveFor(location))
                .catch(setError);
            }}
          >
            {t('wrong_role.logout')}
          </BusyButton>
          <button
            type="button"
            className="hds-button hds-button--large hds-button--secondary"
            onClick={() => void leaveFor(roleHome(role, root.authenticationlevelIdporten))}
          >
            {t('wrong_role.stay')}
          </button>
        </div>
      }
    >
      <p>{t('wrong_role.body')}</p>
    </Modal>
  );
}
