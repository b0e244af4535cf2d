import { useEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '@postenbring/hedwig-react';
import { limits } from '../../config/limits';
import { recommendedPasswordLength } from '../../contract/limits';
import { useI18n } from '../../i18n/i18n-context';
import { loadCommonPasswordCheck, loadedCommonPasswordCheck, type CommonPasswordCheck } from './load-common-passwords';
import { assessPassword, passwordRules, strengthLabelKeys } from './password-rules';
import './strength-meter.css';

/** The screen-reader announcement changes at most this often while the user types. */
export const announcementIntervalMs = 700;

const neverCommon: CommonPasswordCheck = () => false;
const segments = [0, 1, 2, 3] as const;

/**
 * Leading and trailing throttle: a change is announced at once unless one was announced less than
 * `intervalMs` ago; then the latest value is announced when the interval has passed.
 */
function useThrottledAnnouncement(text: string, intervalMs: number): string {
  const [announced, setAnnounced] = useState('');
  const latest = useRef(text);
  const lastAnnounced = useRef('');
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    latest.current = text;
    if (timer.current !== undefined || text === lastAnnounced.current) return;
    const announce = (value: string) => {
      lastAnnounced.current = value;
      setAnnounced(value);
      timer.current = window.setTimeout(() => {
        timer.current = undefined;
        if (latest.current !== lastAnnounced.current) announce(latest.current);
      }, intervalMs);
    };
    announce(text);
  }, [text, intervalMs]);

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      timer.current = undefined;
    },
    [],
  );
  return announced;
}

type ListState = 'loading' | 'loaded' | 'unavailable';

/**
 * The common-password check (a chunk of its own) and where its loading is. Until it has loaded, and
 * for good when it cannot be (offline, a chunk gone): never common. The server checks it anyway.
 */
function useCommonPasswordCheck(): { isCommon: CommonPasswordCheck; list: ListState } {
  const [loaded, setLoaded] = useState<CommonPasswordCheck | undefined>(() => loadedCommonPasswordCheck());
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    if (loaded) return;
    let active = true;
    loadCommonPasswordCheck().then(
      (check) => {
        if (active) setLoaded(() => check);
      },
      () => {
        // Quietly without the list: no error to show (the person can still choose and save a password).
        if (active) setUnavailable(true);
      },
    );
    return () => {
      active = false;
    };
  }, [loaded]);
  if (loaded) return { isCommon: loaded, list: 'loaded' };
  return { isCommon: neverCommon, list: unavailable ? 'unavailable' : 'loading' };
}

/** True once `active` has been true for `delayMs` (SPEC §2's spinner delay: a quick load shows none). */
function useActiveLongerThan(active: boolean, delayMs: number): boolean {
  const [long, setLong] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => setLong(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [active, delayMs]);
  return active && long;
}

/**
 * Guidance, a four-segment bar and a strength label for a new password (SPEC §5), and below them a
 * notice: "too common" when the common-password list says so, or, while that list is still on its way
 * after the spinner delay, a small spinner saying it is being checked. Give it an id and point the
 * password field's aria-describedby at it. The label, with the warning, is also announced politely,
 * throttled; the spinner is not (it says nothing about the password, and would come and go).
 *
 * The notice keeps the room of the spinner's line at all times, so neither the spinner coming and
 * going nor a warning of one line moves what follows.
 *
 * `tooCommonSaid`: the form already says "too common" (a refused save: in its error summary and at the
 * field), so the meter does not say it a third time (issue #50); the bar and label still follow.
 */
export function StrengthMeter({ password, id, tooCommonSaid = false }: { password: string; id?: string; tooCommonSaid?: boolean }) {
  const { t } = useI18n();
  const { isCommon, list } = useCommonPasswordCheck();
  const checking = useActiveLongerThan(list === 'loading', limits.spinnerDelayMs);
  const { score, problem } = useMemo(() => assessPassword(password, isCommon), [password, isCommon]);
  const empty = password === '';
  const tooCommon = problem === 'too_common' && !tooCommonSaid;
  const label = empty ? '' : t('password.strength', { label: t(strengthLabelKeys[score]) });
  const warning = tooCommon ? t('password.too_common') : '';
  const announced = useThrottledAnnouncement(warning ? `${label}. ${warning}` : label, announcementIntervalMs);

  return (
    <>
      <div id={id} className="strength-meter" data-score={empty ? undefined : score}>
        <p className="strength-meter__guidance">{t('password.guidance', { min: passwordRules.minimumLength, recommended: recommendedPasswordLength })}</p>
        <div className="strength-meter__bar" aria-hidden="true">
          {segments.map((segment) => (
            <span key={segment} className="strength-meter__segment" data-filled={!empty && segment <= score ? '' : undefined} />
          ))}
        </div>
        <p className="strength-meter__label">{label}</p>
        <div className="strength-meter__notice">
          {/* Always there, unseen until needed: it holds the notice's room. */}
          <div className="strength-meter__checking" data-shown={checking ? '' : undefined} aria-hidden={checking ? undefined : true}>
            <Spinner size="small" aria-hidden="true" />
            <span>{t('password.checking_common')}</span>
          </div>
          {tooCommon ? <p className="strength-meter__warning">{warning}</p> : null}
        </div>
      </div>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announced}
      </div>
    </>
  );
}
