/** The lazy-loading feature's public file: what other features use of it (docs/architecture.md, import rules). */
export { type QueueUntilLoaded, queueUntilLoaded } from './queue-until-loaded';
