/**
 * The common-password check for the browser. The screening set (front-coded, under 200 KB gzipped:
 * build/screening-set.ts) is a chunk of its own, fetched on first use — only the reset wizard's
 * password step asks for it — and cached after that.
 */
import { createCommonPasswordCheck, frontDecode } from './common-passwords';

export type CommonPasswordCheck = (password: string) => boolean;

let loading: Promise<CommonPasswordCheck> | undefined;
let loaded: CommonPasswordCheck | undefined;

export function loadCommonPasswordCheck(): Promise<CommonPasswordCheck> {
  loading ??= import('virtual:common-passwords').then(
    ({ default: entries }) => {
      loaded = createCommonPasswordCheck(frontDecode(entries));
      return loaded;
    },
    (error: unknown) => {
      loading = undefined; // a failed chunk load (offline) may be retried
      throw error;
    },
  );
  return loading;
}

/** The check if it has already loaded, so a remounted component need not wait for it. */
export function loadedCommonPasswordCheck(): CommonPasswordCheck | undefined {
  return loaded;
}
