import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { Navbar, useNavbarExpendableMenuContext } from '@postenbring/hedwig-react';
import { frontPageUrl } from '../config/paths';
import { useI18n } from '../i18n/i18n-context';
import { BuildingIcon, HomeIcon, PersonIcon } from '../ui/icons';
import { useHydrated } from '../ui/use-hydrated';
import { useLayoutFlags } from '../ui/use-layout-flags';
import { LanguageMenu } from './language-menu';
import { headerAt, pathOf } from '../screens/screens';

function LoginToggle() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const header = headerAt(pathname.slice(1));
  if (header !== 'offers-private' && header !== 'offers-business') return null;
  return header === 'offers-private' ? (
    <Navbar.LinkItem asChild>
      <Link to={pathOf('privateLogin')}>
        {t('header.login_private')}
        <Navbar.ItemIcon>
          <PersonIcon />
        </Navbar.ItemIcon>
      </Link>
    </Navbar.LinkItem>
  ) : (
    <Navbar.LinkItem asChild>
      <Link to={pathOf('business')}>
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

/**
 * Closes the mobile menu after a navigation, then puts focus on the new screen's heading (Page's own
 * focus came while main was inert); on Escape, giving focus back to the menu button; and when the
 * window grows past the mobile layout.
 */
function MobileMenuCloser({ wide }: { wide: boolean }) {
  const { open, setOpen, contentId } = useNavbarExpendableMenuContext();
  const { pathname } = useLocation();
  const navigated = useRef(false);
  useEffect(() => {
    if (!open) {
      if (navigated.current) document.querySelector<HTMLElement>('#main h1')?.focus();
      navigated.current = false;
      return;
    }
    if (wide) setOpen(false);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      document.querySelector<HTMLElement>(`[aria-controls="${contentId}"]`)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [wide, open, setOpen, contentId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu on every navigation (a new pathname)
  useEffect(() => {
    navigated.current = open;
    setOpen(false);
  }, [pathname, setOpen]);
  return null;
}

function WideNavigation() {
  return (
    <Navbar.Navigation>
      <FrontPageButton />
      <LoginToggle />
      <LanguageMenu variant="dropdown" />
    </Navbar.Navigation>
  );
}

export function Header() {
  const { language, t } = useI18n();
  const { tabletLandscapeOrWider } = useLayoutFlags();
  // The prerendered page does not know the window's width: it carries both navigations and the
  // stylesheet shows the one that fits. Once hydrated only that one stays; the wrappers stay too,
  // so the one kept is not drawn again.
  const hydrated = useHydrated();
  return (
    <Navbar className="site-header">
      {/* Hedwig's logo is Posten's: beside it, as Hedwig has a public service named, the service's own
          name, so the picture says Digipost as the link's name does (and the name holds what is shown). */}
      <Navbar.LogoAndServiceText variant="flagship" asChild>
        <a href={frontPageUrl(language)} aria-label={t('header.logo')}>
          Digipost
        </a>
      </Navbar.LogoAndServiceText>
      <nav aria-label={t('header.navigation')} className="site-header__nav">
        <div className="site-header__layout site-header__layout--wide">{!hydrated || tabletLandscapeOrWider ? <WideNavigation /> : null}</div>
        <div className="site-header__layout site-header__layout--narrow">
          {!hydrated || !tabletLandscapeOrWider ? <NarrowNavigation wide={tabletLandscapeOrWider} /> : null}
        </div>
      </nav>
    </Navbar>
  );
}

function NarrowNavigation({ wide }: { wide: boolean }) {
  const { t } = useI18n();
  return (
    <Navbar.ExpandableMenu>
      <MobileMenuCloser wide={wide} />
      <Navbar.ExpandableMenuTrigger whenClosedText={t('header.menu_open')} whenOpenText={t('header.menu_close')} />
      <Navbar.ExpandableMenuContent>
        <div className="mobile-menu">
          <FrontPageButton />
          <LoginToggle />
          <LanguageMenu variant="inline" />
        </div>
      </Navbar.ExpandableMenuContent>
    </Navbar.ExpandableMenu>
  );
}
