export const root: string;
export function log(message: string): void;
export function run(command: string, args: string[], options?: Record<string, unknown>): number;
export function ensureInstalled(): void;
export function ensureBuilt(): void;
export function chromiumPath(): string | null;
export function ensureChromium(): void;
export const nginxPath: string;
export function ensureNginx(): void;
