/**
 * The common-password check for the browser. The screening set (front-coded, under 200 KB gzipped:
 * build/screening-set.ts) is a chunk of its own, fetched on first use — only the reset wizard's
 * password step asks for it — and cached after that.
 */
import { createCommonPasswordCheckInSlices } from './common-passwords';

/** A macrotask between slices: keys typed meanwhile are handled between them. */
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export type CommonPasswordCheck = (password: string) => boolean;

let loading: Promise<CommonPasswordCheck> | undefined;
let loaded: CommonPasswordCheck | undefined;

export function loadCommonPasswordCheck(): Promise<CommonPasswordCheck> {
  loading ??= import('virtual:common-passwords').then(
    async ({ default: coded }) => {
      loaded = await createCommonPasswordCheckInSlices(coded, pause);
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
