export const root: string;
export function log(message: string): void;
export function run(command: string, args: string[], options?: Record<string, unknown>): number;
export function missingPrerequisites(env?: NodeJS.ProcessEnv): string[];
export function ensurePrerequisites(): void;
export function ensureInstalled(): void;
export const viteConfigLoader: string[];
export function buildFrontEnd(): void;
export function ensureBuilt(): void;
export const chromiumFlags: string[];
export function chromiumPath(): string | null;
export function ensureChromium(): void;
/** Liberation Sans (fonts-liberation), whose metrics are Arial's. */
export const liberationSans: string;
export const nginxPath: string;
export function ensureNginx(): void;
