import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Navbar, useNavbarExpendableMenuContext } from '@postenbring/hedwig-react';
import { frontPageUrl, routePaths } from '../config/paths';
import { useI18n } from '../i18n/i18n-context';
import { BuildingIcon, HomeIcon, PersonIcon } from '../ui/icons';
import { useLayoutFlags } from '../ui/use-layout-flags';
import { loginToggleFor } from './header-rules';
import { LanguageMenu } from './language-menu';

function LoginToggle() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const offer = loginToggleFor(pathname);
  if (offer === null) return null;
  return offer === 'private' ? (
    <Navbar.LinkItem asChild>
      <Link to={routePaths.privateLogin}>
        {t('header.login_private')}
        <Navbar.ItemIcon>
          <PersonIcon />
        </Navbar.ItemIcon>
      </Link>
    </Navbar.LinkItem>
  ) : (
    <Navbar.LinkItem asChild>
      <Link to={routePaths.business}>
        {t('header.login_business')}
        <Navbar.ItemIcon>
          <BuildingIcon />
        </Navbar.ItemIcon>
      </Link>
    </Navbar.LinkItem>
  );
}

function FrontPageButton() {
  const { language, t } = useI18n();
  return (
    <Navbar.LinkItem href={frontPageUrl(language)}>
      {t('header.front_page')}
      <Navbar.ItemIcon>
        <HomeIcon />
      </Navbar.ItemIcon>
    </Navbar.LinkItem>
  );
}

/** Closes the mobile menu after a navigation, and when the window grows past the mobile layout. */
function MobileMenuCloser({ wide }: { wide: boolean }) {
  const { open, setOpen } = useNavbarExpendableMenuContext();
  const { pathname } = useLocation();
  useEffect(() => {
    if (wide && open) setOpen(false);
  }, [wide, open, setOpen]);
  useEffect(() => {
    setOpen(false);
  }, [pathname, setOpen]);
  return null;
}

export function Header() {
  const { language, t } = useI18n();
  const { tabletLandscapeOrWider } = useLayoutFlags();
  return (
    <Navbar className="site-header">
      <Navbar.Logo asChild>
        <a href={frontPageUrl(language)} aria-label={t('header.logo')} />
      </Navbar.Logo>
      <nav aria-label={t('header.navigation')} className="site-header__nav">
        {tabletLandscapeOrWider ? (
          <Navbar.Navigation>
            <FrontPageButton />
            <LoginToggle />
            <LanguageMenu variant="dropdown" />
          </Navbar.Navigation>
        ) : (
          <Navbar.ExpandableMenu>
            <MobileMenuCloser wide={tabletLandscapeOrWider} />
            <Navbar.ExpandableMenuTrigger
              whenClosedText={t('header.menu_open')}
              whenOpenText={t('header.menu_close')}
              aria-label={t('header.menu_open')}
            />
            <Navbar.ExpandableMenuContent>
              <div className="mobile-menu">
                <FrontPageButton />
                <LoginToggle />
                <LanguageMenu variant="inline" />
              </div>
            </Navbar.ExpandableMenuContent>
          </Navbar.ExpandableMenu>
        )}
      </nav>
    </Navbar>
  );
}
