import { useEffect, useMemo, useRef, useState } from 'react';
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

/** Scores with no common-password list until it has loaded (a chunk of its own), then with it. */
function useCommonPasswordCheck(): CommonPasswordCheck {
  const [check, setCheck] = useState<CommonPasswordCheck>(() => loadedCommonPasswordCheck() ?? neverCommon);
  useEffect(() => {
    if (check !== neverCommon) return;
    let active = true;
    loadCommonPasswordCheck().then(
      (loaded) => {
        if (active) setCheck(() => loaded);
      },
      () => {
        // Offline or a failed chunk: keep scoring without the list; the server checks it anyway.
      },
    );
    return () => {
      active = false;
    };
  }, [check]);
  return check;
}

/**
 * Guidance, a four-segment bar and a strength label for a new password (SPEC §5). Give it an id and
 * point the password field's aria-describedby at it. The label is also announced politely, throttled.
 */
export function StrengthMeter({ password, id }: { password: string; id?: string }) {
  const { t } = useI18n();
  const isCommon = useCommonPasswordCheck();
  const { score } = useMemo(() => assessPassword(password, isCommon), [password, isCommon]);
  const empty = password === '';
  const label = empty ? '' : t('password.strength', { label: t(strengthLabelKeys[score]) });
  const announced = useThrottledAnnouncement(label, announcementIntervalMs);

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
      </div>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announced}
      </div>
    </>
  );
}
