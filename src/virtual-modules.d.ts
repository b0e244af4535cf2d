declare module 'virtual:common-passwords' {
  const entries: string;
  export default entries;
}

/** The year the build ran (vite.config.ts `define`). */
declare const __BUILD_YEAR__: number;
