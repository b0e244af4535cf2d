import { approveLoader } from './mobile-success';

export { Component, shouldRevalidate } from './mobile-success';

export const loader = approveLoader({ logOutOfIdentityProvider: true });
