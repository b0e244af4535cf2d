/**
 * The analytics feature's public file: what other features use of it (docs/architecture.md, import rules).
 * Only track.ts and the names, which are in the first load; the analytics code itself comes later (track.ts).
 */
export { analyticsActions, analyticsCategories, analyticsHandedOver, analyticsHandOverMs, startAnalytics, track, trackLinkClick } from './track';
export type { AnalyticsAction, AnalyticsCategory, TrackInput } from './names';
