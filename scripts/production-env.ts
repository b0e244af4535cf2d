/**
 * First import of scripts/prerender.ts: React picks its development or production build when it is
 * first loaded, and the screens module (through React Router) loads it before Vite's build would set
 * NODE_ENV. The prerender renders with the production build, so React must be loaded as that too.
 */
process.env.NODE_ENV = 'production';
