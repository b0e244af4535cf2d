/** The throttling feature's public file: what other features use of it (docs/architecture.md, import rules). */
export { type Wait, waitFromSeconds, waitOf, whenText } from './wait';
