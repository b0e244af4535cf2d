import { Message } from '../../ui/message';
import { useEffect, useId, useRef, useState } from 'react';
import { footerLinks } from '../../config/paths';
import { useI18n } from '../../i18n/i18n-context';
import { bannerText } from './banner-text';
import type { BannerChoice } from './select-banner';

/** The banner's height, for the room kept under the page and the scroll padding (status-banner.css). */
export const bannerHeightProperty = '--status-banner-height';

/**
 * Keeps the page's room for the banner (status-banner.css) as tall as the banner: at the very end of
 * the page, so growing it moves nothing, and in the scroll padding, so what gets focus is scrolled
 * clear of it.
 */
function useHeightOnPage(element: HTMLElement | null) {
  useEffect(() => {
    if (!element) return;
    const root = document.documentElement.style;
    const update = () => root.setProperty(bannerHeightProperty, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    update();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.removeProperty(bannerHeightProperty);
    };
  }, [element]);
}

/**
 * The banner itself, for items the status page reported (status-banner.tsx fetched and chose them):
 * one short summary with the details behind a button. Its code and texts load only when there is
 * something to show. `onSummary` hands the summary to the live region the page already has.
 */
export function BannerView({ choice, onSummary }: { choice: Extract<BannerChoice, { kind: 'items' }>; onSummary: (summary: string) => void }) {
  const { language, t } = useI18n();
  const [open, setOpen] = useState(false);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const detailsId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  useHeightOnPage(element);
  const text = bannerText(choice, language, t);
  const summary = `${t('status.label')}: ${text.summary.join(' ')}`;
  useEffect(() => onSummary(summary), [onSummary, summary]);
  return (
    <section
      ref={setElement}
      className="status-banner"
      aria-label={t('status.label')}
      onKeyDown={(event) => {
        // Escape folds the details away again and leaves the keyboard on the button.
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        toggle.current?.focus();
      }}
    >
      <div className="hds-container">
        <Message variant="warning" className="status-banner__message">
          {/* The button follows the summary's last words, so that folded the banner is as short as it can be. */}
          <p className="status-banner__summary">
            {text.summary.map((line) => (
              <span key={line} className="status-banner__line">
                {line}
              </span>
            ))}{' '}
            <button
              ref={toggle}
              type="button"
              className="status-banner__toggle"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen((was) => !was)}
            >
              {t('status.details')}
            </button>
          </p>
          <div id={detailsId} className="status-banner__details" hidden={!open}>
            {text.several ? (
              <>
                <ul className="status-banner__items">
                  {text.items.map((item) => (
                    <li key={item.id}>
                      <span className="status-banner__title">{item.title}</span>
                      <span className="status-banner__line">{item.name}</span>
                      {item.impact ? <span className="status-banner__line">{item.impact}</span> : null}
                    </li>
                  ))}
                </ul>
                <a className="status-banner__link" href={footerLinks(language).statusPage}>
                  {t('status.more_all')}
                </a>
              </>
            ) : (
              <>
                <span className="status-banner__title">{text.items[0].name}</span>
                {text.items[0].impact ? <span className="status-banner__line">{text.items[0].impact}</span> : null}
                {text.items[0].link ? (
                  <a className="status-banner__link" href={text.items[0].link}>
                    {t('status.more')}
                  </a>
                ) : null}
              </>
            )}
          </div>
        </Message>
      </div>
    </section>
  );
}
