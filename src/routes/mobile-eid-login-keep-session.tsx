import { eidLoginLoader } from './mobile-eid-login';

export { Component, shouldRevalidate } from './mobile-eid-login';

export const loader = eidLoginLoader({ keepIdportenSession: true });
